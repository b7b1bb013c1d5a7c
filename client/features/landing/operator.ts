import type { Operator } from '@contract/operator';
import useSWR from 'swr';
import type { ApiError } from '../../lib/api';

/** Who runs this server, as it was configured (never changes while the page is open). */
export const useOperator = () =>
  useSWR<Operator, ApiError>('/masterdataservice/v1/operator', { revalidateOnFocus: false });
