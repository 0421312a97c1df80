export { toast, $toasts, type Toast, type ToastKind } from './toast-store.ts';
export { Toaster } from './Toaster.tsx';
