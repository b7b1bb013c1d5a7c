import { create } from 'zustand';

export type ToastKind = 'success' | 'error' | 'info';
interface Toast {
  id: number;
  kind: ToastKind;
  text: string;
  placement: 'toast' | 'snackbar';
}
interface ToastState {
  toasts: Toast[];
  show: (text: string, kind?: ToastKind, placement?: Toast['placement']) => void;
  dismiss: (id: number) => void;
}

/** Toasts at the top centre (at most 3, 4.5 s); the admin snackbar bottom left (5 s). */
const TOAST_LIMIT = 3;
const HIDE_AFTER = { toast: 4500, snackbar: 5000 };
let nextId = 1;

export const useToasts = create<ToastState>((set, get) => ({
  toasts: [],
  show: (text, kind = 'info', placement = 'toast') => {
    const id = nextId++;
    set((s) => {
      const same = s.toasts.filter((t) => t.placement === placement);
      const others = s.toasts.filter((t) => t.placement !== placement);
      return { toasts: [...others, ...same.slice(-(TOAST_LIMIT - 1)), { id, kind, text, placement }] };
    });
    setTimeout(() => get().dismiss(id), HIDE_AFTER[placement]);
  },
  dismiss: (id) => set((s) => ({ toasts: s.toasts.filter((t) => t.id !== id) })),
}));

export const toast = (text: string, kind: ToastKind = 'info') => useToasts.getState().show(text, kind, 'toast');
export const snackbar = (text: string, kind: ToastKind = 'success') =>
  useToasts.getState().show(text, kind, 'snackbar');
