/** Terms of Service (docs/product/home.md: static page, effective 15-Mar-2025), in our own words for this product. */
import { Link } from 'react-router-dom';
import { Anchor } from '@mantine/core';
import { LEGAL_EFFECTIVE_DATE } from '@bazaar/shared';
import { usePageTitle } from '../../../components/page-title';
import { TextPage, type TextSection } from '../components/text-page';

const SECTIONS: TextSection[] = [
  {
    heading: '1. What these terms cover',
    body: (
      <p>
        Bazaar Insight is a web application for following the Indian stock market and keeping track of your own
        investments. These terms apply to everyone who uses it: visitors, registered investors, and the staff and
        administrators who maintain its data. By creating an account or using the application you accept them.
      </p>
    ),
  },
  {
    heading: '2. Your account',
    body: (
      <ul>
        <li>Give your real name and an e-mail address you can read: password reset links are sent there.</li>
        <li>
          Keep your password to yourself. You are responsible for what is done with your account until you tell us it
          has been misused.
        </li>
        <li>
          One account per person. We may suspend accounts used to break these terms, to abuse referrals or to attack the
          service.
        </li>
      </ul>
    ),
  },
  {
    heading: '3. Market data and analysis are information, not advice',
    body: (
      <p>
        Prices, trend lists, moving averages, corporate actions and financial results come from exchange and company
        files loaded by our staff, and from calculations on them. They can be late, incomplete or wrong. Nothing in
        Bazaar Insight is a recommendation to buy or sell a security, and we are not a SEBI-registered investment
        adviser or research analyst. Decide for yourself, or with a qualified adviser.
      </p>
    ),
  },
  {
    heading: '4. Your holdings',
    body: (
      <p>
        Holdings, prices and dates you enter stay yours. Profit and loss is computed net of the brokerage charges
        recorded for your broker and segment; it is an estimate. Your broker’s contract notes and statements are what
        count for tax and settlement.
      </p>
    ),
  },
  {
    heading: '5. Uploads by staff',
    body: (
      <p>
        Staff may upload only market-data files they are allowed to use and share (such as published exchange files).
        Uploads must not contain personal data of other people. We may refuse or remove any upload, and every upload is
        recorded with the account that made it.
      </p>
    ),
  },
  {
    heading: '6. Subscriptions and referrals',
    body: (
      <p>
        No payment is taken inside Bazaar Insight. Subscribing to a plan records a period of access starting today, or
        after your current period ends. Referrals are recorded when someone signs up with your link; each referral can
        be claimed once by the person who made it. We may change or withdraw plans for the future; periods already taken
        keep their dates.
      </p>
    ),
  },
  {
    heading: '7. Fair use',
    body: (
      <p>
        Do not try to get around access controls, read other people’s data, overload the service or copy its data in
        bulk. The service limits repeated requests, such as password reset attempts, to protect everyone.
      </p>
    ),
  },
  {
    heading: '8. Availability and liability',
    body: (
      <p>
        We work to keep Bazaar Insight available and correct but provide it as it is, without guarantees. As far as
        Indian law allows, we are not liable for trading losses or for decisions made using the application.
      </p>
    ),
  },
  {
    heading: '9. Changes, ending and contact',
    body: (
      <p>
        We may update these terms; the effective date above changes when we do. You may stop using the service at any
        time and ask us to close your account through{' '}
        <Anchor component={Link} to="/contact">
          Contact Us
        </Anchor>
        . These terms are governed by the laws of India.
      </p>
    ),
  },
];

export default function TermsPage() {
  usePageTitle('Terms of Service');
  return (
    <TextPage
      title="Terms of Service"
      note={`Effective ${LEGAL_EFFECTIVE_DATE}`}
      sections={SECTIONS}
      testId="terms-page"
    />
  );
}
