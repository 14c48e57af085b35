// Provider remarks on a round's reply (e.g. why a prompted-track reply was taken as text).
export function RoundNotices({ notices }: { notices: readonly string[] | undefined }) {
  if (notices === undefined || notices.length === 0) return null;
  return (
    <ul aria-label="Notices" className="space-y-1">
      {notices.map((notice, index) => (
        <li
          key={index}
          className="rounded-md border border-amber-300 bg-amber-50 px-2.5 py-1.5 text-xs text-amber-900 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-200"
        >
          {notice}
        </li>
      ))}
    </ul>
  );
}
