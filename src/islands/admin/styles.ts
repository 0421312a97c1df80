// The admin screens use the denser variants of the shared class lists.
import { compactButton, compactCard, compactInput } from '../ui/styles.ts';

export { muted, row, td, th } from '../ui/styles.ts';
export const btn = compactButton;
export const input = compactInput;
export const card = compactCard;
