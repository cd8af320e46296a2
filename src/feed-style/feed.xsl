<?xml version="1.0" encoding="UTF-8"?>
<!--
  Shows the blog's RSS and Atom feeds (build/blog/rss.xml, atom.xml) as a readable page
  when a person opens one in a browser; feed readers ignore it. The blog plugin copies this
  file and feed.css next to the feeds (feedOptions.xslt in docusaurus.config.ts) and links
  it from each feed. One stylesheet serves both formats. It loads nothing but feed.css, from
  the same folder, so the site's Content Security Policy holds.
-->
<xsl:stylesheet version="1.0"
  xmlns:xsl="http://www.w3.org/1999/XSL/Transform"
  xmlns:atom="http://www.w3.org/2005/Atom">
  <xsl:output method="html" encoding="UTF-8" indent="yes" />

  <xsl:template match="/">
    <xsl:variable name="format">
      <xsl:choose>
        <xsl:when test="atom:feed">Atom</xsl:when>
        <xsl:otherwise>RSS</xsl:otherwise>
      </xsl:choose>
    </xsl:variable>
    <xsl:variable name="title" select="rss/channel/title | atom:feed/atom:title" />
    <xsl:variable name="home" select="rss/channel/link | atom:feed/atom:link[@rel = 'alternate']/@href" />
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title><xsl:value-of select="$title" /> (<xsl:value-of select="$format" /> feed)</title>
        <link rel="stylesheet" href="feed.css" />
      </head>
      <body>
        <main>
          <p class="notice">
            You are reading the <xsl:value-of select="$format" /> feed of the
            <a href="{$home}"><xsl:value-of select="$title" /></a>. To follow new posts, paste the
            address of this page into a feed reader; it will pick up each post as it appears.
          </p>
          <h1><xsl:value-of select="$title" /></h1>
          <p class="summary">
            <xsl:value-of select="rss/channel/description | atom:feed/atom:subtitle" />
          </p>
          <h2>Posts</h2>
          <ol class="posts">
            <xsl:apply-templates select="rss/channel/item | atom:feed/atom:entry" />
          </ol>
        </main>
      </body>
    </html>
  </xsl:template>

  <xsl:template match="item">
    <li>
      <h3><a href="{link}"><xsl:value-of select="title" /></a></h3>
      <!-- RFC 822: "Fri, 04 Jul 2025 00:00:00 GMT" shows as "04 Jul 2025". -->
      <p class="date"><xsl:value-of select="substring(pubDate, 6, 11)" /></p>
      <p><xsl:value-of select="description" /></p>
    </li>
  </xsl:template>

  <xsl:template match="atom:entry">
    <li>
      <h3><a href="{atom:link/@href}"><xsl:value-of select="atom:title" /></a></h3>
      <!-- ISO 8601: "2025-07-04T00:00:00.000Z" shows as "2025-07-04". -->
      <p class="date"><xsl:value-of select="substring(atom:updated, 1, 10)" /></p>
      <p><xsl:value-of select="atom:summary" /></p>
    </li>
  </xsl:template>
</xsl:stylesheet>
