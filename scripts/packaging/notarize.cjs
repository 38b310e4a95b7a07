// electron-builder afterSign: notarizes the signed macOS app with Apple's notary service when credentials are in
// the environment, and says why it skips otherwise (a dmg that is not notarized still runs after a right-click
// Open, so unsigned test builds stay possible). Credentials, either:
//   APPLE_ID, APPLE_APP_SPECIFIC_PASSWORD, APPLE_TEAM_ID            (an Apple ID with an app-specific password)
//   APPLE_API_KEY (path to the .p8), APPLE_API_KEY_ID, APPLE_API_ISSUER (an App Store Connect API key)
const path = require('node:path');

function credentials(env) {
  if (env.APPLE_API_KEY && env.APPLE_API_KEY_ID && env.APPLE_API_ISSUER) {
    return { appleApiKey: env.APPLE_API_KEY, appleApiKeyId: env.APPLE_API_KEY_ID, appleApiIssuer: env.APPLE_API_ISSUER };
  }
  if (env.APPLE_ID && env.APPLE_APP_SPECIFIC_PASSWORD && env.APPLE_TEAM_ID) {
    return { appleId: env.APPLE_ID, appleIdPassword: env.APPLE_APP_SPECIFIC_PASSWORD, teamId: env.APPLE_TEAM_ID };
  }
  return null;
}

exports.default = async function notarizeApp(context, env = process.env, notarize = (options) => require('@electron/notarize').notarize(options)) {
  if (context.electronPlatformName !== 'darwin') return 'not macOS';
  const found = credentials(env);
  if (!found) {
    console.log('notarize: skipped, no Apple credentials in the environment (set APPLE_ID, APPLE_APP_SPECIFIC_PASSWORD and APPLE_TEAM_ID, or APPLE_API_KEY, APPLE_API_KEY_ID and APPLE_API_ISSUER).');
    return 'skipped';
  }
  const appPath = path.join(context.appOutDir, `${context.packager.appInfo.productFilename}.app`);
  console.log(`notarize: submitting ${appPath}`);
  await notarize({ appPath, ...found });
  console.log('notarize: done');
  return 'notarized';
};
