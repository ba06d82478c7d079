import { LegalPage } from './legal-page';

/** The terms of using Billow, in plain words: what it does for you and what it cannot promise. */
export function Terms() {
  return (
    <LegalPage title="Terms of use">
      <section>
        <p>
          These terms cover your use of this copy of Billow, run by its operator on their own
          server. Billow is open-source software, provided as it is, without warranty.
        </p>
      </section>
      <section aria-labelledby="terms-what">
        <h2 id="terms-what">What Billow does for you</h2>
        <ul>
          <li>
            Finds recurring charges in the accounts you link. It can miss one or mistake a charge
            for a subscription: check before you act on it.
          </li>
          <li>
            With bill negotiation on, places automated calls to your providers in your name and with
            the information you gave. A negotiation never raises your bill or changes your plan, and
            you keep the savings.
          </li>
          <li>
            When you pay for an annual plan, debits the amount shown from the account you chose,
            once. You get a gift card for the subscription when the debit has cleared.
          </li>
          <li>
            Answers questions about your money in a chat. Its answers are not financial advice.
          </li>
        </ul>
      </section>
      <section aria-labelledby="terms-you">
        <h2 id="terms-you">What you agree to</h2>
        <ul>
          <li>Link only accounts that are yours, and give true information for calls.</li>
          <li>
            Keep enough money in the account you pay from. A debit your bank returns after the gift
            card was shown is still owed.
          </li>
          <li>
            Don&rsquo;t use Billow to reach anyone else&rsquo;s data or to disrupt the service.
          </li>
        </ul>
      </section>
      <section aria-labelledby="terms-end">
        <h2 id="terms-end">Ending</h2>
        <p>
          You can stop at any time by deleting your account in your profile. The operator may stop
          running this server; download your data if you want to keep it.
        </p>
      </section>
    </LegalPage>
  );
}
