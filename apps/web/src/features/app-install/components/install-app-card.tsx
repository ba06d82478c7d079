/**
 * "Install Billow" on the profile, when the browser offers to install the app (not when it is
 * already installed, nor in browsers without the offer).
 */
import { Download } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardTitle } from '@/components/ui/card';
import { useInstallPrompt } from '../api/use-install-prompt';

export const installTexts = {
  title: 'Billow on your home screen',
  explainer: 'Install Billow to open it like any other app, in its own window.',
  install: 'Install Billow',
} as const;

export function InstallAppCard() {
  const { canInstall, install } = useInstallPrompt();
  if (!canInstall) return null;
  return (
    <Card aria-labelledby="install-app-title" className="space-y-4">
      <CardTitle id="install-app-title">{installTexts.title}</CardTitle>
      <p className="text-sm text-muted-foreground">{installTexts.explainer}</p>
      <Button onClick={() => void install()}>
        <Download aria-hidden="true" />
        {installTexts.install}
      </Button>
    </Card>
  );
}
