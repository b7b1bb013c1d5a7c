export type MealKind = 'APPETIZER' | 'MAIN_COURSE' | 'DESSERT';

/** The first meal is the appetizer, the third the dessert, any other the main course. */
export const mealKind = (index: number): MealKind =>
  index === 0 ? 'APPETIZER' : index === 2 ? 'DESSERT' : 'MAIN_COURSE';

// Literal class names so tailwind finds them.
export const mealDotClass: Record<MealKind, string> = {
  APPETIZER: 'bg-meal-appetizer',
  MAIN_COURSE: 'bg-meal-main',
  DESSERT: 'bg-meal-dessert',
};
export const mealBorderClass: Record<MealKind, string> = {
  APPETIZER: 'border-meal-appetizer',
  MAIN_COURSE: 'border-meal-main',
  DESSERT: 'border-meal-dessert',
};
