// Light (no server code): the web's shared Yup schemas import it too.

/** Today's date in the centre's time zone, as 'YYYY-MM-DD' (a lesson at 00:30 in Paris belongs to that Paris day). */
export function todayIn(timeZone = 'Europe/Paris', now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}
