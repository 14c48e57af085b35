// After an import: the file's provider, model and base URL where they differ from yours. Shown only then, so its
// body is a chunk of its own (not in the first load), asked for once the page is up.
import { useEffect } from 'react';
import { useLoupeStore } from '../../store/loupe-store-provider';
import { lazyComponent } from '../common/lazy-component';

const ImportedSettingsOfferBody = lazyComponent(
  () => import('./imported-settings-offer-body'),
  'ImportedSettingsOfferBody',
);

export function ImportedSettingsOffer() {
  const offer = useLoupeStore((state) => state.settingsOffer);
  useEffect(() => void ImportedSettingsOfferBody.preload().catch(() => undefined), []);
  return offer === null ? null : <ImportedSettingsOfferBody offer={offer} />;
}
