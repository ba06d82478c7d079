/**
 * The legal-name step when sign-in ended without a name (a reload on that step, a closed tab): The
 * name step asks for it (docs/sign-in.md, "The three steps") whenever the name is null after login,
 * so the route guard shows this on every start until the name is saved. A person with no bank
 * linked yet then goes on into the settings onboarding, as a new person does from the sign-in flow;
 * anyone else stays on the page they opened.
 */
import { useNavigate } from 'react-router';
import { PublicLayout } from '@/components/layout/public-layout';
import { LegalNameStep } from './legal-name-step';

export default function ResumeNameStep({ hasLinkedAccounts }: { hasLinkedAccounts: boolean }) {
  const navigate = useNavigate();
  return (
    <PublicLayout>
      <LegalNameStep
        onSaved={() => {
          if (!hasLinkedAccounts)
            void navigate('/profile-settings-customization', { replace: true });
        }}
      />
    </PublicLayout>
  );
}
