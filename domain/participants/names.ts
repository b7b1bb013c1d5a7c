/** How a participant is named in mails, activities and pages: "Jonas Weiß", or the one part that is given. */
export const fullName = (person: { firstnamePart: string; lastname: string }) =>
  `${person.firstnamePart} ${person.lastname}`.trim();
