import { PublicLayout } from '@/components/layout/public-layout';
import { Terms } from '@/features/legal/components/terms';

export function Component() {
  return (
    <PublicLayout>
      <Terms />
    </PublicLayout>
  );
}
Component.displayName = 'TermsRoute';
