import { describe, expect } from 'vitest';
import { journey, useChromium } from '../harness/journey.ts';
import { EditorPage } from '../pages/editor-page.ts';
import { HomePage } from '../pages/home-page.ts';

const ZERO = 'LED display: row 1 on at 2, 3; row 2 on at 1, 4; row 3 on at 1, 4; row 4 on at 1, 4; row 5 on at 2, 3';

// The e2e server's /api/gh proxy talks to the local code host and its fixture repositories
// (apps/server/test-fixtures/code-host), started by harness/global-setup.ts.
describe('extensions', () => {
  useChromium();

  journey(
    'find an extension on the code host, add it, use its blocks and code; blocked and broken ones are refused',
    async ({ page, baseUrl, snap }) => {
      const home = new HomePage(page, baseUrl);
      await home.open();
      await home.createProject('Parking sensor');
      const editor = new EditorPage(page, baseUrl);
      await editor.ready();

      await page.getByRole('button', { name: 'Extensions', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Extensions' });
      await dialog.getByText('servo-kit').waitFor();
      await snap('extensions-dialog');

      const search = async (text: string) => {
        await dialog.getByRole('searchbox').fill(text);
        await dialog.getByRole('button', { name: 'Search' }).click();
      };
      await search('distance');
      await dialog.getByText('Checked').first().waitFor({ timeout: 30_000 });
      await dialog.getByRole('button', { name: 'Details: pxt-distance-sensor' }).click();
      await dialog.getByText('Version 1.1.0').waitFor({ timeout: 30_000 });
      await snap('extensions-details');
      await dialog.getByRole('button', { name: 'Add to project' }).click();
      await dialog.getByText('distance-sensor is added. Its blocks are in the toolbox.').waitFor({ timeout: 30_000 });
      await dialog
        .getByRole('region', { name: 'In this project' })
        .getByText('blockyard-test/pxt-distance-sensor · Version 1.1.0')
        .waitFor();

      // A blocked repository is never fetched; a broken one is explained; the project keeps its one extension.
      await search('github:banned-maker/pxt-flashy-lights');
      await dialog.getByRole('button', { name: /^Details: / }).click();
      await dialog
        .getByRole('alert')
        .getByText('The extension banned-maker/pxt-flashy-lights is blocked and cannot be added.')
        .waitFor();
      await search('blockyard-test/pxt-bad-json');
      await dialog.getByRole('button', { name: /^Details: / }).click();
      await dialog
        .getByRole('alert')
        .getByText(/The extension blockyard-test\/pxt-bad-json is broken/)
        .waitFor({ timeout: 30_000 });
      // A repository over the size cap: refused in plain words, and the dialog stays usable.
      await search('blockyard-test/pxt-too-big');
      await dialog.getByRole('button', { name: /^Details: / }).click();
      await dialog
        .getByRole('alert')
        .getByText('The extension blockyard-test/pxt-too-big is too big to load.')
        .waitFor({ timeout: 30_000 });
      await snap('extensions-refused');
      await dialog.getByRole('button', { name: 'Close' }).last().click();

      // Its blocks, in their own category.
      await editor.toolboxCategory('Distance').click({ timeout: 30_000 });
      await editor.flyout().locator('g.blocklyDraggable.distance_read_cm').first().waitFor({ timeout: 30_000 });
      await snap('extensions-toolbox');

      // Its API in JavaScript: the program compiles with it and runs in the simulator.
      await editor.setCode('basic.showNumber(distance.readCm(DigitalPin.P1, DigitalPin.P2))\n');
      // Nothing answers on P2 in the simulator, so the distance is 0.
      await editor.waitForLeds(ZERO);
      await page.getByText('Running', { exact: true }).waitFor({ timeout: 30_000 });
      expect(await editor.problems().getByRole('listitem').count()).toBe(0);
      await editor.waitUntilSaved();
    },
    { allowConsoleErrors: ['status of 403', 'status of 404', 'status of 413'], timeout: 180_000 },
  );

  journey(
    'extensions with C++ parts compile and run, the simulator says what works only on the board; updates are offered',
    async ({ page, baseUrl, snap }) => {
      const home = new HomePage(page, baseUrl);
      await home.open();
      await home.createProject('Motor car');
      const editor = new EditorPage(page, baseUrl);
      await editor.ready();

      await page.getByRole('button', { name: 'Extensions', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Extensions' });
      await dialog.getByRole('searchbox').fill('blockyard-test/pxt-board-only');
      await dialog.getByRole('button', { name: 'Search' }).click();
      await dialog.getByRole('button', { name: /^Details: / }).click();
      await dialog.getByRole('button', { name: 'Add to project' }).click({ timeout: 30_000 });
      await dialog.getByText('board-only is added. Its blocks are in the toolbox.').waitFor({ timeout: 30_000 });
      await dialog.getByText('Works only on the board, not in the simulator: motor.run.').waitFor({ timeout: 30_000 });
      // The LED strip: colours worked out in TypeScript, the wire driven by C++.
      await dialog.getByRole('searchbox').fill('github:blockyard-test/pxt-led-strip');
      await dialog.getByRole('button', { name: 'Search' }).click();
      await dialog.getByRole('button', { name: /^Details: / }).click();
      await dialog.getByRole('button', { name: 'Add to project' }).click({ timeout: 30_000 });
      await dialog.getByText('led-strip is added. Its blocks are in the toolbox.').waitFor({ timeout: 30_000 });
      // An older release is offered its update, confirmed first, and can be taken back.
      await dialog.getByRole('searchbox').fill('blockyard-test/pxt-distance-sensor#v1.0.0');
      await dialog.getByRole('button', { name: 'Search' }).click();
      await dialog.getByRole('button', { name: /^Details: / }).click();
      await dialog.getByRole('button', { name: 'Add to project' }).click({ timeout: 30_000 });
      await dialog.getByRole('button', { name: 'Update distance-sensor to v1.1.0' }).click({ timeout: 30_000 });
      await dialog.getByText('Version 1.1.0 will replace version 1.0.0 in this project.').waitFor({ timeout: 30_000 });
      await snap('extensions-update');
      await dialog.getByRole('button', { name: 'Update', exact: true }).click();
      await dialog.getByText('distance-sensor is updated to version 1.1.0.').waitFor({ timeout: 30_000 });
      await dialog
        .getByRole('region', { name: 'In this project' })
        .getByText('blockyard-test/pxt-distance-sensor · Version 1.1.0')
        .waitFor({ timeout: 30_000 });
      await dialog.getByRole('button', { name: 'Undo the update' }).click();
      await dialog
        .getByRole('region', { name: 'In this project' })
        .getByText('blockyard-test/pxt-distance-sensor · Version 1.0.0')
        .waitFor({ timeout: 30_000 });
      await dialog.getByRole('button', { name: 'Close' }).last().click();

      // Their blocks, the C++ one among them.
      await editor.toolboxCategory('Motor').click({ timeout: 30_000 });
      await editor.flyout().locator('g.blocklyDraggable.motor_run').first().waitFor({ timeout: 30_000 });
      await editor.toolboxCategory('LED strip').click({ timeout: 30_000 });
      await editor.flyout().locator('g.blocklyDraggable.ledstrip_create').first().waitFor({ timeout: 30_000 });
      await snap('extensions-led-strip-toolbox');

      // The program compiles and runs; the C++ calls do nothing here, and the simulator says so.
      await editor.setCode(
        'const strip = ledstrip.create(DigitalPin.P0, 8)\nstrip.showRainbow()\nmotor.run(50)\nmotor.stop()\n' +
          'basic.showNumber(strip.pixelColor(0) == 0xff0000 ? 0 : 1)\n',
      );
      await editor.waitForLeds(ZERO);
      await page.getByText('Running', { exact: true }).waitFor({ timeout: 30_000 });
      await page
        .getByRole('note')
        .getByText('The extension “board-only” works only on the board: in the simulator, motor.run does nothing.')
        .waitFor();
      await page
        .getByRole('note')
        .getByText(
          'The extension “led-strip” works only on the board: in the simulator, ledstrip.sendBuffer does nothing.',
        )
        .waitFor();
      expect(await editor.problems().getByRole('listitem').count()).toBe(0);
      await snap('extensions-board-only');
    },
    { allowConsoleErrors: ['status of 404'], timeout: 180_000 },
  );

  journey(
    'the built-in LED strip is drawn beside the board and follows the program',
    async ({ page, baseUrl, snap }) => {
      const home = new HomePage(page, baseUrl);
      await home.open();
      await home.createProject('Rainbow strip');
      const editor = new EditorPage(page, baseUrl);
      await editor.ready();
      await page.getByRole('button', { name: 'Extensions', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Extensions' });
      await dialog.getByRole('button', { name: 'Details: led-strip' }).click();
      await dialog.getByRole('button', { name: 'Add to project' }).click();
      await dialog.getByText('led-strip is added. Its blocks are in the toolbox.').waitFor({ timeout: 30_000 });
      await dialog.getByRole('button', { name: 'Close' }).last().click();

      await editor.setCode(
        'const strip = ledstrip.create(DigitalPin.P0, 4)\nstrip.setBrightness(255)\n' +
          'strip.showColor(ledstrip.colors(StripColor.Red))\n' +
          'input.onButtonPressed(Button.A, function () {\n' +
          '    strip.setPixelColor(0, ledstrip.colors(StripColor.Blue))\n    strip.show()\n})\n',
      );
      const board = editor.simulatorFrame().getByRole('region', { name: 'micro:bit 1' });
      const strip = board.getByRole('figure', { name: 'LED strip on pin P0, 4 LEDs' });
      const first = strip.locator('[data-led="0"]');
      await expect.poll(() => first.getAttribute('fill'), { timeout: 30_000 }).toBe('#ff0000');
      await strip.getByText('LED 1: red (#ff0000)').waitFor({ state: 'attached' });
      await snap('led-strip-red');
      await board.getByRole('button', { name: 'Button A' }).click();
      await expect.poll(() => first.getAttribute('fill'), { timeout: 30_000 }).toBe('#0000ff');
      expect(await strip.locator('[data-led="1"]').getAttribute('fill')).toBe('#ff0000');
      await strip.getByText('LED 1: blue (#0000ff)').waitFor({ state: 'attached' });
      await snap('led-strip-blue');
    },
    { timeout: 120_000 },
  );

  journey(
    'open a project kept in a repository; what is not a project is refused in plain words',
    async ({ page, baseUrl, snap }) => {
      const home = new HomePage(page, baseUrl);
      await home.open();
      await page.getByRole('button', { name: 'Open from GitHub' }).click();
      const dialog = page.getByRole('dialog', { name: 'Open a project from GitHub' });
      const field = dialog.getByLabel('Repository name or address (owner/project)');
      // An extension is not a project: refused, nothing created.
      await field.fill('blockyard-test/pxt-no-config');
      await dialog.getByRole('button', { name: 'Open' }).click();
      await dialog
        .getByRole('alert')
        .getByText(
          'blockyard-test/pxt-no-config does not hold a project Blockyard can open. Your projects are unchanged.',
        )
        .waitFor({ timeout: 30_000 });
      await snap('repository-import-refused');
      await field.fill('https://github.com/blockyard-test/robot-dance');
      await dialog.getByRole('button', { name: 'Open' }).click();
      const editor = new EditorPage(page, baseUrl);
      await editor.ready();
      // The editor opens the new project (the home screen's toast goes with the home screen).
      expect(await page.getByRole('textbox', { name: 'Project name' }).inputValue()).toBe('Robot dance');
      await editor.waitForLeds(ZERO);
      await editor.waitUntilSaved();
    },
    { timeout: 120_000 },
  );
});
