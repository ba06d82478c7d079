import { LegalPage } from './legal-page';

/** What Billow keeps, where, for how long and who sees it: true of Billow as shipped. */
export function PrivacyPolicy() {
  return (
    <LegalPage title="Privacy policy">
      <section>
        <p>
          Billow is open-source software that a person or organisation runs on a server of their
          own. This page says what this copy of Billow keeps about you, where, for how long, and who
          can see it. Whoever runs this server (the operator) is responsible for it; ask them if
          anything here is unclear.
        </p>
      </section>
      <section aria-labelledby="privacy-what">
        <h2 id="privacy-what">What Billow keeps</h2>
        <ul>
          <li>Your phone number, your full legal name and, if you add one, your email address.</li>
          <li>
            Your settings: notifications, reminders, bill negotiation, the negotiator&rsquo;s voice,
            your time zone.
          </li>
          <li>
            For each linked account: the bank&rsquo;s name, the account&rsquo;s type, its last four
            digits and balances, and its transactions. Billow never sees your bank password; the
            bank-linking service gives it a token instead, which is stored encrypted.
          </li>
          <li>
            The subscriptions and bills found in those transactions, and what you told Billow about
            them (for example &ldquo;not a subscription&rdquo;).
          </li>
          <li>
            Negotiations: the information you typed for a call (stored encrypted, never shown back
            in full), the call&rsquo;s progress, its transcript with those values removed, and its
            outcome.
          </li>
          <li>
            Annual plans Billow paid for: the payment, the gift card (its number encrypted) and your
            rewards and savings.
          </li>
          <li>
            Sign-in codes, only as keyed hashes, for five minutes; sessions and personal access
            tokens, only as hashes.
          </li>
          <li>
            Which screens you opened and buttons you used, without the amounts or words you typed,
            to improve Billow.
          </li>
        </ul>
        <p>Chat messages are answered and not kept on the server.</p>
      </section>
      <section aria-labelledby="privacy-where">
        <h2 id="privacy-where">Where it is kept</h2>
        <p>
          In this server&rsquo;s database. Bank tokens, the information you typed for negotiations
          and gift-card numbers are encrypted there with AES-256. Nothing is sold or shared for
          marketing.
        </p>
      </section>
      <section aria-labelledby="privacy-who">
        <h2 id="privacy-who">Who sees it</h2>
        <ul>
          <li>You, signed in with a code texted to your phone.</li>
          <li>The operator of this server, who can read its database.</li>
          <li>
            The services the operator connected, each for its job only: a bank-linking service (your
            transactions), a text-message and an email service (the messages Billow sends you), a
            calling service (a negotiation call and what it needs), an AI model (your chat questions
            with the figures needed to answer them), a payment service (the debit for an annual
            plan) and web push services (notifications you allowed).
          </li>
        </ul>
      </section>
      <section aria-labelledby="privacy-how-long">
        <h2 id="privacy-how-long">How long</h2>
        <p>
          Until you delete your account. Removing a linked account removes its transactions.
          Deleting your account (Profile &rarr; Delete Account) removes everything Billow keeps
          about you from this server at once. You can download a copy of your data first (Profile
          &rarr; Download my data).
        </p>
      </section>
    </LegalPage>
  );
}
