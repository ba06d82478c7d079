/**
 * A merchant landing page (docs/onboarding.md, "Merchant landing pages"): the headline offer, the
 * promises, and Get Started, which records the signup and goes to /auth with the merchant, its
 * website and the landing's estimate.
 */
import { BadgeCheck, Gift, HandCoins, Plus, Sparkles } from 'lucide-react';
import { useNavigate } from 'react-router';
import { BillowMark } from '@/components/layout/billow-logo';
import { Button } from '@/components/ui/button';
import { track } from '@/lib/analytics';
import { landingInfoFor, type LandingPath } from '../merchant-landings';
import { formatWholeDollars } from '@billow/contracts';
import type { OnboardingState } from '@/lib/navigation-state';
import { MerchantLogo } from './merchant-logo';

const promises = [
  { icon: Sparkles, title: 'Negotiated by AI', text: 'Billow calls and negotiates for you.' },
  { icon: Gift, title: 'Free', text: 'Negotiating your bill costs you nothing.' },
  { icon: HandCoins, title: 'You keep all the savings', text: 'Every dollar saved is yours.' },
  {
    icon: BadgeCheck,
    title: 'Same or better service for less',
    text: 'Keep the plan you like at a lower price.',
  },
];

export function MerchantLanding({ path }: { path: LandingPath }) {
  const navigate = useNavigate();
  const landing = landingInfoFor(path);

  function getStarted() {
    track('user_signup', { source: landing.source });
    track('landing_get_started', { source: landing.source });
    const state: OnboardingState = {
      selectedMerchant: landing.merchantName,
      selectedMerchantWebsiteUrl: landing.merchantWebsite,
      estimatedAmount: landing.estimatedAmount,
    };
    void navigate('/auth', { state });
  }

  return (
    <div className="flex flex-1 flex-col gap-8 pt-6">
      <div className="flex items-center gap-3" aria-hidden="true">
        <BillowMark className="size-14" />
        <Plus className="size-5 text-muted-foreground" />
        <MerchantLogo
          name={landing.merchantName}
          website={landing.merchantWebsite}
          className="size-14"
          isDecorative
        />
      </div>

      <header className="space-y-3">
        <h1 className="text-balance text-4xl font-bold tracking-tight">
          Let Billow save {formatWholeDollars(landing.headlineSavings)} on your{' '}
          <span className="text-primary">{landing.merchantName}</span>
        </h1>
        <p className="text-lg text-muted-foreground">
          Keep your {landing.merchantName} and pay less for it. Billow negotiates a better price for
          you.
        </p>
      </header>

      <ul className="space-y-4">
        {promises.map(({ icon: Icon, title, text }) => (
          <li key={title} className="flex gap-4">
            <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-accent text-primary">
              <Icon className="size-5" aria-hidden="true" />
            </span>
            <span>
              <span className="block font-semibold">{title}</span>
              <span className="block text-sm text-muted-foreground">{text}</span>
            </span>
          </li>
        ))}
      </ul>

      <Button size="lg" className="mt-auto w-full lg:mt-8" onClick={getStarted}>
        Get Started
      </Button>
    </div>
  );
}
