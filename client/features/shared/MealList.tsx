import type { Meal } from '@contract/dinner';
import { formatTime } from '../../components/dateFormat';
import { mealBorderClass, mealDotClass, mealKind } from '../../components/mealColours';

export function MealList({ meals }: { meals: Meal[] }) {
  return (
    <ul className="space-y-2">
      {meals.map((meal, i) => (
        <li
          key={meal.id}
          className={`flex items-center justify-between gap-3 rounded-lg border-l-4 bg-gray-50 px-3 py-2 ${mealBorderClass[mealKind(i)]}`}
        >
          <span className="flex min-w-0 items-center gap-2">
            <span aria-hidden="true" className={`size-2.5 shrink-0 rounded-full ${mealDotClass[mealKind(i)]}`} />
            <span className="truncate font-medium text-gray-900">{meal.label}</span>
          </span>
          <time dateTime={meal.time} className="shrink-0 tabular-nums text-gray-700">
            {formatTime(meal.time)}
          </time>
        </li>
      ))}
    </ul>
  );
}
