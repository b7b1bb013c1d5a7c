/** Refusals of the route optimisation as catalog descriptors (see validation-messages.ts). */
export const OptimizationMessage = {
  tooFewPositions: /*i18n*/ {
    id: 'optimization.tooFewPositions',
    message:
      'Only {located} of {teams} hosts have a position: at least 60 % are needed. Fix the unresolved addresses first.',
  },
  tooMany: /*i18n*/ {
    id: 'optimization.tooMany',
    message: 'Two optimisations of this event are already running. Please retry in a few minutes.',
  },
  teamsChanged: /*i18n*/ {
    id: 'optimization.teamsChanged',
    message: 'The teams changed since this optimisation started, so its routes no longer fit. Run it again.',
  },
  notFinished: /*i18n*/ {
    id: 'optimization.notFinished',
    message: 'This optimisation has no proposal to show or apply (it is {status}).',
  },
  over: /*i18n*/ { id: 'optimization.over', message: 'This optimisation has already ended ({status}).' },
};
