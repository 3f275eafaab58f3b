import { calls } from '@kafue/common/calls';
import type { CompanyProfile } from '@kafue/common/company';
import type { HeroSettings } from '@kafue/common/hero';
import type { GeneralSettings } from '@kafue/common/contract';
import { call } from '../../../lib/api';

export const settingsApi = {
  saveGeneral: (body: GeneralSettings) => call(calls.saveGeneralSettings, { body }),
  loadCompany: () => call(calls.getCompanyProfile),
  saveCompany: (body: CompanyProfile) => call(calls.saveCompanyProfile, { body }),
  loadHero: () => call(calls.getHeroSettings),
  saveHero: (body: HeroSettings) => call(calls.saveHeroSettings, { body }),
};
