/**
 * The referral link while WEB_URL is unset (docs/product/engagement.md), over HTTP against the real REST API: it names
 * the address the browser reached the app at, which the BFF passes on to the API (X-Forwarded-Proto and
 * X-Forwarded-Host), not localhost:4000. With WEB_URL set, WEB_URL wins (engagement.test.ts).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { PNG } from 'pngjs';
import jsQRModule from 'jsqr';
import { useStack } from './setup/stack.js';

// jsqr is a CommonJS bundle typed as an ES module: its default export is the module object itself
const jsQR = jsQRModule.default;

interface ReferralLinkAnswer {
  referralLink: { referralCode: string; link: string; qrCodeDataUrl: string };
}

function decodeQrDataUrl(dataUrl: string): string | undefined {
  const image = PNG.sync.read(Buffer.from(dataUrl.split(',')[1] ?? '', 'base64'));
  return jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data;
}

describe('the referral link without WEB_URL', () => {
  const stack = useStack();

  // the API's test configuration leaves WEB_URL unset (api/test/setup/test-config.ts)
  beforeAll(async () => {
    expect(stack.api.config.webUrl).toBeUndefined();
  });

  it('names the address the browser reached the app at, in the link and its QR code', async () => {
    const investor = await stack.clientAs('investor');
    const query = '{ referralLink { referralCode link qrCodeDataUrl } }';

    const direct = await investor.request<ReferralLinkAnswer>(query);
    expect(direct.errors).toBeUndefined();
    const { referralCode } = direct.data!.referralLink;
    expect(direct.data!.referralLink.link).toBe(`${stack.bffUrl}/signup?referralCode=${referralCode}`);

    // behind a load balancer the BFF trusts (TRUST_PROXY, loopback here), the address the browser used
    const proxied = await investor.request<ReferralLinkAnswer>(query, undefined, {
      headers: { 'x-forwarded-host': 'insight.example.in', 'x-forwarded-proto': 'https' },
    });
    expect(proxied.errors).toBeUndefined();
    const expected = `https://insight.example.in/signup?referralCode=${referralCode}`;
    expect(proxied.data!.referralLink.link).toBe(expected);
    expect(decodeQrDataUrl(proxied.data!.referralLink.qrCodeDataUrl)).toBe(expected);
  });
});
