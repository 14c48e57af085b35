// The provider endpoint (a proxy or a mock server may stand in for the real API).
import { useId } from 'react';
import { useLoupeStore } from '../../store/loupe-store-provider';
import { inputClass, labelClass } from '../common/styles';

export function BaseUrlField() {
  const id = useId();
  const baseUrl = useLoupeStore((state) => state.settings.baseUrl);
  const updateSettings = useLoupeStore((state) => state.updateSettings);
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        Base URL
      </label>
      <input
        id={id}
        type="url"
        spellCheck={false}
        className={`${inputClass} font-mono`}
        value={baseUrl}
        onChange={(event) => updateSettings({ baseUrl: event.target.value })}
      />
    </div>
  );
}
