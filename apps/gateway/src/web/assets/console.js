// pidgate console: small enhancements of pages that work without it.
// Timestamps in the reader's own locale and time zone (the page shows them in UTC without this script).
const format = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
for (const t of document.querySelectorAll('time[data-local]')) {
  const d = new Date(t.getAttribute('datetime') ?? '');
  if (!Number.isNaN(d.getTime())) {
    t.title = t.textContent ?? '';
    t.textContent = format.format(d);
  }
}
// A form with errors: move the focus to the summary, which links to each field.
const summary = document.querySelector('.error-summary');
if (summary instanceof HTMLElement && !document.querySelector('[autofocus]')) summary.focus();
