/**
 * Related activity lines (SPEC §3, §9): an hourly activity counts hours at an hourly rate, any other a
 * quantity at a unit price; the wording follows. Returns catalogue keys, the same on the server and in the web.
 */
export interface ActivityWording {
  /** Label of the amount column: hours or quantity. */
  amount: string;
  /** Label of the price column: hourly rate or unit price. */
  price: string;
  /** Unit of an amount, pluralised with { count }: "3 h" / "3 unités". */
  unit: string;
}

export function activityWording(isHour: boolean): ActivityWording {
  return isHour
    ? { amount: 'teaching.activity.hours', price: 'teaching.activity.hourlyRate', unit: 'teaching.activity.hourUnit' }
    : { amount: 'teaching.activity.quantity', price: 'teaching.activity.unitPrice', unit: 'teaching.activity.unitUnit' };
}

/** Amount × price, to the cent (both carry at most two decimals). */
export function lineTotal(amount: number, price: number): number {
  return Math.round(amount * price * 100) / 100;
}

/** Totals of a contract: hours taught, hours of hourly activities, amount of every activity line. */
export function contractTotals(
  subjectLines: readonly { hours: number }[],
  activityLines: readonly { amount: number; price: number; isHour: boolean }[],
): { teachingHours: number; activityHours: number; activityAmount: number } {
  const cents = (n: number) => Math.round(n * 100);
  return {
    teachingHours: subjectLines.reduce((sum, line) => sum + cents(line.hours), 0) / 100,
    activityHours: activityLines.filter((l) => l.isHour).reduce((sum, line) => sum + cents(line.amount), 0) / 100,
    activityAmount: activityLines.reduce((sum, line) => sum + cents(lineTotal(line.amount, line.price)), 0) / 100,
  };
}
