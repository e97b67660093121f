// The module's French catalogue, merged from one file per area (each area owns its file).
import commonFr from './common.fr.json' with { type: 'json' };
import lessonsFr from './lessons.fr.json' with { type: 'json' };
import bulkFr from './bulk.fr.json' with { type: 'json' };
import groupsFr from './groups.fr.json' with { type: 'json' };
import resourcesFr from './resources.fr.json' with { type: 'json' };
import feedsFr from './feeds.fr.json' with { type: 'json' };
import { catalogue } from './merge.js';

export const fr = /* @__PURE__ */ catalogue(commonFr, lessonsFr, bulkFr, groupsFr, resourcesFr, feedsFr);
