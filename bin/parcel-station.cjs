#!/usr/bin/env node
'use strict';
// Installed as the `parcel-station` command; the bundle is built by `npm run build`.
require('../dist/electron/cli.cjs');
