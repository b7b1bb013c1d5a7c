const MEAL_COLOURS = ['bg-meal-appetizer', 'bg-meal-main', 'bg-meal-dessert'];

/** The fixed colour of a course by its position: appetizer, main course, dessert (DESIGN: same colours everywhere). */
function mealColour(index: number) {
  return MEAL_COLOURS[index] ?? MEAL_COLOURS[MEAL_COLOURS.length - 1];
}

export function MealDot({ index, className = '' }: { index: number; className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={`inline-block size-3 shrink-0 rounded-full ${mealColour(index)} ${className}`}
    />
  );
}
