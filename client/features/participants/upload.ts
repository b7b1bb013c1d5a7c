import type { Issue } from '@server/lib/validation';
import { ApiError } from '../../lib/api';
import { i18n } from '../../lib/i18n';

/**
 * Sends a file as the raw request body. XMLHttpRequest rather than fetch because only it reports upload
 * progress; errors become the same ApiError the JSON client throws.
 */
export function uploadFile<T>(path: string, file: File, contentType: string, onProgress: (fraction: number) => void): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/rest${path}`);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Accept-Language', i18n.locale ?? 'de');
    xhr.setRequestHeader('Content-Type', contentType);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total);
    };
    xhr.onerror = () => reject(new ApiError(0, i18n._('error.network')));
    xhr.onload = () => {
      let data: { message?: string; issues?: Issue[]; code?: string } | undefined;
      try {
        data = JSON.parse(xhr.responseText);
      } catch {
        data = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) return resolve(data as T);
      reject(new ApiError(xhr.status, data?.message ?? i18n._('error.unexpected'), xhr.status === 406 ? (data?.issues ?? []) : [], data?.code));
    };
    xhr.send(file);
  });
}
