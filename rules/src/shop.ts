import { wholeNumber } from './text';

/** How many of one product a cart line holds. */
export const cartQuantity = wholeNumber(1, 99);
