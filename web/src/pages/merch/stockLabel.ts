/** What the shop says about stock: "Sold out", "3 left" when few remain, nothing when plenty (or unlimited). */
export const FEW_LEFT = 5;

export function stockLabel(stock: number | null | undefined): string | null {
  if (stock === null || stock === undefined) return null;
  if (stock <= 0) return 'Sold out';
  return stock <= FEW_LEFT ? `${stock} left` : null;
}
