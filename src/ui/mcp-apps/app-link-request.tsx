// A link an MCP App asked to open (`ui/open-link`), held until the person reads where it goes and chooses. An
// app can show any text for a link; only this line, written by Loupe from the parsed URL, says where it leads.
import { primaryButtonClass, secondaryButtonClass } from '../common/styles';

/** A link waiting for the person's answer; `answer(true)` opens it. */
export interface PendingAppLink {
  href: string;
  answer: (open: boolean) => void;
}

/** Who receives the visit: the host of an http(s) link (punycode, as the URL parser writes it), a mail address. */
export function linkDestination(href: string): string {
  const url = new URL(href);
  return url.protocol === 'mailto:' ? `an e-mail to ${decodeURIComponent(url.pathname)}` : url.host;
}

export function AppLinkRequest({ appName, link }: { appName: string; link: PendingAppLink }) {
  const destination = linkDestination(link.href);
  return (
    <section
      aria-label={`Link from the app ${appName}`}
      className="mt-1 rounded-md border border-amber-300 bg-amber-50 p-2 text-xs text-amber-900 dark:border-amber-500/40 dark:bg-amber-500/10 dark:text-amber-200"
    >
      <p>
        The app asks to open <span className="font-mono font-semibold [overflow-wrap:anywhere]">{destination}</span>
      </p>
      <p className="mt-0.5 font-mono [overflow-wrap:anywhere]">{link.href}</p>
      <div className="mt-2 flex gap-2">
        <button type="button" className={secondaryButtonClass} onClick={() => link.answer(false)}>
          Don&apos;t open
        </button>
        <button
          type="button"
          className={primaryButtonClass}
          onClick={() => {
            // In the click itself: a new tab that cannot reach Loupe (noopener, no Referer).
            window.open(link.href, '_blank', 'noopener,noreferrer');
            link.answer(true);
          }}
        >
          Open {destination}
        </button>
      </div>
    </section>
  );
}
