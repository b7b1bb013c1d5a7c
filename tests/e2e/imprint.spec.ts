import { expect, test } from '../support/axe.js';
import { startChildServer } from '../support/child-server.js';
import { inEnglish, shoot } from '../support/e2e.js';

// Issue 25: the imprint shows who runs the server from OPERATOR_* and says plainly what is not published yet —
// never a bracketed placeholder.

inEnglish();

test('without the operator variables the imprint says the details are not published yet', async ({ page }) => {
  await page.goto('/impressum');
  await expect(page.getByTestId('operator-missing')).toHaveText(
    'The operator of this server has not published these details yet.',
  );
  await expect(page.getByTestId('donation-missing')).toBeVisible();
  await expect(page.locator('main')).not.toContainText('[');
  await shoot(page, 'imprint-unset');
});

test('with the operator variables the imprint names the operator and links the donations', async ({ page }) => {
  const server = await startChildServer({
    OPERATOR_NAME: 'Dinnerverein Wiehre e. V.',
    OPERATOR_ADDRESS: 'Habsburgerstraße 12, 79104 Freiburg',
    OPERATOR_EMAIL: 'kontakt@dinnerverein.example',
    OPERATOR_DONATION_URL: 'https://dinnerverein.example/spenden',
  });
  try {
    await page.context().addCookies([{ name: 'lang', value: 'en', url: server.baseUrl }]);
    await page.goto(`${server.baseUrl}/impressum`);
    const details = page.getByTestId('operator-details');
    await expect(details).toContainText('Dinnerverein Wiehre e. V.');
    await expect(details).toContainText('Habsburgerstraße 12, 79104 Freiburg');
    await expect(details.getByRole('link', { name: 'kontakt@dinnerverein.example' })).toHaveAttribute(
      'href',
      'mailto:kontakt@dinnerverein.example',
    );
    await expect(page.getByTestId('donation-link')).toHaveAttribute('href', 'https://dinnerverein.example/spenden');
    await expect(page.getByTestId('operator-missing')).toHaveCount(0);
    await shoot(page, 'imprint-set');

    // The privacy page names the privacy contact and holds the organisers' processing terms the wizard links to.
    await page.goto(`${server.baseUrl}/datenschutz#processing`);
    await expect(page.getByRole('link', { name: 'kontakt@dinnerverein.example' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Data processing terms for organisers' })).toBeVisible();
    await shoot(page, 'privacy-set');
  } finally {
    await server.stop();
  }
});
