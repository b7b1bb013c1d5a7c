/** A host seats every team of the meal: the meals' count of teams of `teamSize` people (6 for 3 meals of pairs). */
export const seatsToHost = (meals: number, teamSize: number) => meals * teamSize;

/** Whether a participant's seats are enough to host a meal. */
export const canHost = (numSeats: number, meals: number, teamSize: number) => numSeats >= seatsToHost(meals, teamSize);
