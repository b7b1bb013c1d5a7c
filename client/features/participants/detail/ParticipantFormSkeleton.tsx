import { Card } from '../../../components/Card';
import { Skeleton } from '../../../components/Skeleton';

/** The form's shape while the participant loads. */
export function ParticipantFormSkeleton() {
  return (
    <div className="space-y-6" data-testid="participant-loading">
      <Skeleton className="h-9 w-2/3" />
      {[0, 1, 2].map((i) => (
        <Card key={i}>
          <div className="grid gap-5 sm:grid-cols-2">
            {[0, 1, 2, 3].map((j) => (
              <div key={j} className="space-y-2">
                <Skeleton className="h-4 w-1/3" />
                <Skeleton className="h-9 w-full" />
              </div>
            ))}
          </div>
        </Card>
      ))}
    </div>
  );
}
