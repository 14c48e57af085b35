// A native modal <dialog>: focus trapping, Escape and the backdrop come from the browser.
import { useEffect, useId, useRef, type MouseEvent, type ReactNode } from 'react';
import { smallButtonClass } from '../common/styles';

export function ModalDialog({ title, onClose, children }: { title: string; onClose: () => void; children: ReactNode }) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog !== null && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);
  // The `close` event is queued, not fired at once: under React StrictMode the effect's cleanup closes the
  // dialog and the re-run opens it again before the event arrives. Only a dialog still closed is closed.
  const closed = () => {
    if (ref.current?.open !== true) onClose();
  };
  // A click on the backdrop lands on the <dialog> element itself, outside its content box.
  const clickedBackdrop = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target !== event.currentTarget) return;
    const box = event.currentTarget.getBoundingClientRect();
    const inside =
      event.clientX >= box.left &&
      event.clientX <= box.right &&
      event.clientY >= box.top &&
      event.clientY <= box.bottom;
    if (!inside) event.currentTarget.close();
  };
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onClose={closed}
      onClick={clickedBackdrop}
      className="m-auto max-h-[90vh] w-[min(720px,calc(100vw-1.5rem))] overflow-auto rounded-lg border border-zinc-200 bg-white p-4 text-zinc-900 shadow-xl backdrop:bg-black/40 dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-100"
    >
      <div className="mb-3 flex items-center justify-between gap-2">
        <h2 id={titleId} className="text-sm font-semibold">
          {title}
        </h2>
        <button type="button" className={smallButtonClass} onClick={() => ref.current?.close()}>
          Close
        </button>
      </div>
      {children}
    </dialog>
  );
}
