import { profileMessages, type ProfileSettings } from '@billow/contracts';
import { Card, CardTitle } from '@/components/ui/card';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/components/ui/toaster';
import { useUpdateProfileSettings } from '../api/use-update-profile-settings';

const settings: { key: keyof ProfileSettings; label: string; description: string }[] = [
  {
    key: 'is_auto_apply_rewards_enabled',
    label: 'Auto-apply rewards',
    description:
      'Claim the reward you chose for you, toward its bill, once your balance covers it.',
  },
  {
    key: 'is_subscription_notifications_enabled',
    label: 'Subscription notifications',
    description: 'Get a text before a bill is due.',
  },
  {
    key: 'is_overdraft_protection_enabled',
    label: 'Overdraft protection',
    description: 'Get a heads-up when a bill could overdraw your account.',
  },
  {
    key: 'is_bill_negotiation_enabled',
    label: 'Bill negotiation',
    description: 'Our AI negotiates your bills for free. You keep all the savings.',
  },
];

/**
 * The four switches; each saves on its own and moves at once (see the settings hook). A failed save
 * says so in a toast (`profileMessages`). Each flip awaits its own promise: `mutate`'s callbacks
 * would fire for the last flip only, and a first flip that failed must still be reported.
 */
export function SettingsCard({ values }: { values: ProfileSettings }) {
  const update = useUpdateProfileSettings();
  return (
    <Card aria-labelledby="settings-title" className="space-y-4">
      <CardTitle id="settings-title">Settings</CardTitle>
      <ul className="divide-y">
        {settings.map(({ key, label, description }) => (
          <li key={key} className="flex items-start gap-4 py-3 first:pt-0 last:pb-0">
            <div className="flex-1 space-y-0.5">
              <label htmlFor={`setting-${key}`} className="font-medium">
                {label}
              </label>
              <p id={`setting-${key}-description`} className="text-sm text-muted-foreground">
                {description}
              </p>
            </div>
            <Switch
              id={`setting-${key}`}
              checked={values[key]}
              onCheckedChange={(checked) => {
                void update
                  .mutateAsync({ [key]: checked })
                  .catch(() => toast.error(profileMessages.settingsFailed));
              }}
              aria-describedby={`setting-${key}-description`}
            />
          </li>
        ))}
      </ul>
    </Card>
  );
}
