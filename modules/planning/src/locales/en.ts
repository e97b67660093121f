// The module's English catalogue, merged from one file per area (each area owns its file).
import commonEn from './common.en.json' with { type: 'json' };
import lessonsEn from './lessons.en.json' with { type: 'json' };
import bulkEn from './bulk.en.json' with { type: 'json' };
import groupsEn from './groups.en.json' with { type: 'json' };
import resourcesEn from './resources.en.json' with { type: 'json' };
import feedsEn from './feeds.en.json' with { type: 'json' };
import { catalogue } from './merge.js';

export const en = /* @__PURE__ */ catalogue(commonEn, lessonsEn, bulkEn, groupsEn, resourcesEn, feedsEn);
