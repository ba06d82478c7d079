/** A setting with its explanation and an on/off switch, as the settings onboarding shows it. */
import type { LucideIcon } from 'lucide-react';
import { Label } from '@/components/ui/input';
import { Switch } from '@/components/ui/switch';

export function SettingToggleCard({
  id,
  icon: Icon,
  label,
  description,
  isChecked,
  onCheckedChange,
}: {
  id: string;
  icon: LucideIcon;
  label: string;
  description: string;
  isChecked: boolean;
  onCheckedChange(isChecked: boolean): void;
}) {
  return (
    <div className="flex items-start gap-4 rounded-[var(--radius-card)] border bg-card p-5 shadow-sm">
      <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-accent text-primary">
        <Icon className="size-5" aria-hidden="true" />
      </span>
      <div className="flex-1 space-y-1">
        <Label htmlFor={id} className="text-base font-semibold">
          {label}
        </Label>
        <p id={`${id}-description`} className="text-sm text-muted-foreground">
          {description}
        </p>
      </div>
      <Switch
        id={id}
        checked={isChecked}
        onCheckedChange={onCheckedChange}
        aria-describedby={`${id}-description`}
      />
    </div>
  );
}
