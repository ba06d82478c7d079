/**
 * The negotiator voice, Male or Female, as two radio cards: real radio inputs, so Tab reaches
 * the group and the arrow keys choose, with the card as the click target.
 */
import { Check } from 'lucide-react';
import type { NegotiatorVoice } from '@/lib/navigation-state';

const voices: { value: NegotiatorVoice; label: string; description: string }[] = [
  { value: 'male', label: 'Male', description: 'A calm, confident male voice' },
  { value: 'female', label: 'Female', description: 'A calm, confident female voice' },
];

export function VoiceChoice({
  value,
  onChange,
  legend,
}: {
  value: NegotiatorVoice | null;
  onChange(voice: NegotiatorVoice): void;
  legend: string;
}) {
  return (
    <fieldset className="space-y-3">
      <legend className="mb-3 text-sm font-medium">{legend}</legend>
      <div className="grid grid-cols-2 gap-3">
        {voices.map((voice) => (
          <label
            key={voice.value}
            className="relative flex cursor-pointer flex-col gap-1 rounded-2xl border bg-card p-4 shadow-sm transition-colors hover:bg-muted has-checked:border-primary has-checked:bg-accent has-checked:ring-2 has-checked:ring-primary has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-ring motion-reduce:transition-none"
          >
            <input
              type="radio"
              name="negotiator-voice"
              value={voice.value}
              checked={value === voice.value}
              onChange={() => onChange(voice.value)}
              aria-label={voice.label}
              aria-describedby={`voice-${voice.value}-description`}
              className="sr-only"
            />
            <span className="font-semibold" aria-hidden="true">
              {voice.label}
            </span>
            <span id={`voice-${voice.value}-description`} className="text-sm text-muted-foreground">
              {voice.description}
            </span>
            {value === voice.value && (
              <Check className="absolute right-3 top-3 size-4 text-primary" aria-hidden="true" />
            )}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
