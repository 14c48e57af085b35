// The sampling temperature of in-browser runs (empty: llama.cpp's default; 0: always the likeliest token).
import { useLoupeStore } from '../../../store/loupe-store-provider';
import { NumberInputField } from '../../common/number-input-field';

export function TemperatureField() {
  const settings = useLoupeStore((state) => state.settings.inBrowser);
  const updateSettings = useLoupeStore((state) => state.updateSettings);
  return (
    <NumberInputField
      label="Temperature"
      value={settings.temperature}
      hint="0 to 2. Empty: llama.cpp's default; 0 repeats the same reply."
      optional
      accepts={(value) => Number.isFinite(value) && value >= 0 && value <= 2}
      problem="Enter a number from 0 to 2, or leave it empty."
      wholeNumber={false}
      min={0}
      max={2}
      step="0.1"
      placeholder="default"
      onCommit={(value) => {
        const { temperature: _old, ...rest } = settings;
        updateSettings({ inBrowser: value === undefined ? rest : { ...rest, temperature: value } });
      }}
    />
  );
}
