export * from './campaign.js';
