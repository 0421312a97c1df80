// The dashboard uses the shared class lists under its own names.
import { button, card, input, muted } from '../../ui/styles.ts';

export const buttonClass = button;
export const inputClass = input;
export const cardClass = card;
export const mutedText = muted;
