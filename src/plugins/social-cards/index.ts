/**
 * Draws the social cards (Open Graph / Twitter images, 1200×630 PNG) into the build:
 *   - one per blog post, at /img/social/<slug>.png: the `image` the front matter parser
 *     (front-matter.ts) fills in for every post, so a post's card is never found missing here;
 *   - the site's default card, at `themeConfig.image`.
 * A PNG already in the build (copied from static/) is kept, so a hand-made card wins.
 *
 * The cards exist only in the production build (`postBuild`): `docusaurus start` serves
 * no card, and the og:image URLs 404 there.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import type {BlogContent, BlogPost} from '@docusaurus/plugin-content-blog';

import {socialCardPath} from '../../../front-matter';
import {renderCard, type Card} from './card';

const NAME = 'social-cards';

/** Where a post's card is drawn: its slug is the last segment of its URL. */
const postCardPath = (post: BlogPost) => socialCardPath(post.metadata.permalink.split('/').pop()!);

function longDate(date: Date | string): string {
  return new Intl.DateTimeFormat('en-GB', {dateStyle: 'long', timeZone: 'UTC'}).format(
    new Date(date),
  );
}

async function exists(file: string): Promise<boolean> {
  return fs.access(file).then(
    () => true,
    () => false,
  );
}

export default function socialCardsPlugin({siteConfig}: LoadContext): Plugin {
  let blog: BlogContent | undefined;
  return {
    name: NAME,
    allContentLoaded({allContent}) {
      blog = allContent['docusaurus-plugin-content-blog']?.default as BlogContent | undefined;
    },
    async postBuild({outDir}) {
      const host = new URL(siteConfig.url).host;
      const cards: {file: string; card: Card}[] = [];
      for (const post of blog?.blogPosts ?? []) {
        cards.push({
          file: postCardPath(post),
          card: {
            title: post.metadata.title,
            kicker: blog!.blogTitle,
            footer: longDate(post.metadata.date),
            host,
          },
        });
      }
      const defaultImage = siteConfig.themeConfig.image;
      if (typeof defaultImage === 'string') {
        cards.push({
          file: defaultImage,
          card: {
            title: siteConfig.tagline,
            kicker: siteConfig.title,
            footer: 'Guides · API reference · Blog',
            host,
          },
        });
      }
      for (const {file, card} of cards) {
        const target = path.join(outDir, file);
        if (await exists(target)) continue;
        await fs.mkdir(path.dirname(target), {recursive: true});
        await fs.writeFile(target, renderCard(card));
      }
    },
  };
}
