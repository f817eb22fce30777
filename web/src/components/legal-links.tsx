/** "the Terms of Service and the Privacy Policy" with both linked: the sign-up note and the About page end with it. */
import { Link } from 'react-router-dom';
import { Anchor } from '@mantine/core';

export function LegalLinks() {
  return (
    <>
      the{' '}
      <Anchor component={Link} to="/terms">
        Terms of Service
      </Anchor>{' '}
      and the{' '}
      <Anchor component={Link} to="/privacy">
        Privacy Policy
      </Anchor>
    </>
  );
}
