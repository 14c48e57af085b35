// After a CORS failure, offers the dev-only CORS helper of `npm start` as a ready-made URL — never used silently.
import { useLoupeStore } from '../../store/loupe-store-provider';
import { smallButtonClass } from '../common/styles';

const helperUrl = import.meta.env.VITE_CORS_HELPER_URL;

export function CorsHelperOffer({ serverId, url }: { serverId: string; url: string }) {
  const changeServerUrl = useLoupeStore((state) => state.changeServerUrl);
  if (helperUrl === undefined || helperUrl === '' || url.startsWith(`${helperUrl}/`)) return null;
  const proxied = `${helperUrl}/proxy?url=${encodeURIComponent(url)}`;
  return (
    <div className="mt-1.5 text-red-900 dark:text-red-200">
      <p>
        The CORS helper of <code>npm start</code> can reach it for you (local servers only):{' '}
        <code className="break-all">{proxied}</code>
      </p>
      <button
        type="button"
        className={`${smallButtonClass} mt-1`}
        onClick={() => void changeServerUrl(serverId, proxied)}
      >
        Connect through the CORS helper
      </button>
    </div>
  );
}
