/** Privacy Policy (docs/product/home.md: static page, effective 15-Mar-2025), in our own words for this product. */
import { Link } from 'react-router-dom';
import { Anchor } from '@mantine/core';
import { LEGAL_EFFECTIVE_DATE } from '@bazaar/shared';
import { usePageTitle } from '../../../components/page-title';
import { TextPage, type TextSection } from '../components/text-page';

const SECTIONS: TextSection[] = [
  {
    heading: 'In short',
    body: (
      <p>
        We keep what Bazaar Insight needs to run your account and show your portfolio, we do not sell it, and we use no
        advertising or tracking cookies.
      </p>
    ),
  },
  {
    heading: 'What we keep',
    body: (
      <ul>
        <li>
          <b>Account:</b> first and last name, username, e-mail address, mobile number if you give one, the referral
          code you signed up with, and when your account was created and changed.
        </li>
        <li>
          <b>Password:</b> only as a salted scrypt hash, which cannot be turned back into the password. Password reset
          links are single-use, expire after 30 minutes, and only a hash of them is stored.
        </li>
        <li>
          <b>Holdings:</b> the securities, quantities, prices, dates and brokers you enter, and the profit and loss
          computed from them.
        </li>
        <li>
          <b>Subscriptions and referrals:</b> the plans and periods you subscribed to, who referred you and whom you
          referred.
        </li>
        <li>
          <b>Contact Us:</b> the name, e-mail, mobile number and message you send.
        </li>
        <li>
          <b>Uploads:</b> market-data files uploaded by staff, with the uploading account and time.
        </li>
        <li>
          <b>Technical data:</b> your IP address is used for a short time in memory to limit repeated login and password
          reset attempts, and appears in server logs kept for security.
        </li>
      </ul>
    ),
  },
  {
    heading: 'Cookies and browser storage',
    body: (
      <p>
        When you log in, one cookie holds your session. It is httpOnly (scripts cannot read it), SameSite=Strict, and
        ends when you log out or the session expires. The browser’s local storage keeps your username and role so the
        menus can be shown, and your light or dark theme choice. Nothing else is stored on your device, and no third
        party sets cookies through Bazaar Insight.
      </p>
    ),
  },
  {
    heading: 'How we use it',
    body: (
      <p>
        To run your account and sign you in, to compute your portfolio, to send password reset e-mails you ask for, to
        answer your messages, and to keep the service secure. Administrators see account details to manage users; staff
        read Contact Us messages. Nobody at Bazaar Insight sees your password.
      </p>
    ),
  },
  {
    heading: 'Sharing',
    body: (
      <p>
        We do not sell or rent personal data. E-mail is delivered through our mail provider. We disclose data to
        authorities only when Indian law requires it.
      </p>
    ),
  },
  {
    heading: 'How long we keep it',
    body: (
      <p>
        Account, holdings, subscription and referral data are kept while your account exists and removed when it is
        deleted. Contact messages are kept as long as needed to deal with them. Expired reset links are useless and may
        be purged at any time.
      </p>
    ),
  },
  {
    heading: 'Your choices and rights',
    body: (
      <p>
        You can see and correct your details on your Profile page. To get a copy of your data, or to have your account
        and its data deleted, write to us through{' '}
        <Anchor component={Link} to="/contact">
          Contact Us
        </Anchor>
        . We handle such requests in line with India’s Digital Personal Data Protection Act, 2023.
      </p>
    ),
  },
  {
    heading: 'Children and changes',
    body: (
      <p>
        Bazaar Insight is meant for adults investing on their own account. If this policy changes, the effective date
        above changes with it.
      </p>
    ),
  },
];

export default function PrivacyPage() {
  usePageTitle('Privacy Policy');
  return (
    <TextPage
      title="Privacy Policy"
      note={`Effective ${LEGAL_EFFECTIVE_DATE}`}
      sections={SECTIONS}
      testId="privacy-page"
    />
  );
}
