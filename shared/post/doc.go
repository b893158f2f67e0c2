// Package post is Zuum's posts: audio and video posts and beats for sale, their reactions,
// comments and shares, and the timelines that list them newest first. It holds the rules a new
// post must follow and its DynamoDB store in the Posts table (schema.Posts).
//
// Item layout in the Posts table (ids are UUIDv7, so they sort by time as strings):
//
//	pk=POST#<id>               sk=POST              the post: kind, owner_id, caption, fields, media
//	                                                keys, counters reactions/comments/shares, public,
//	                                                created_at; a beat for sale's terms too
//	                                                (description, total_supply, total_buyers, preview,
//	                                                withdrawn: see Sale)
//	pk=POST#<id>               sk=REACT#<userId>    one user's like of the post
//	pk=POST#<id>               sk=COMMENT#<id>      a comment: user_id, text, created_at
//	pk=POST#<id>               sk=SHARE#<shareId>   a share: user_id, created_at
//	pk=SHARE#<shareId>         sk=SHARE             the share's lookup: post_id, owner_id, kind
//	pk=TL#<name>#<bucket>      sk=<postId>          a timeline entry: post_id, owner_id, kind
//	pk=TLDIR#<name>            sk=<bucket>          the timeline's directory: buckets with entries
//	pk=TLCOUNT#<name>          sk=<shard>           part of the timeline's size, in n
//	pk=POST#<id>               sk=PLAY#<userId>     the user's last counted play: played_at (Play)
//	pk=PROMOTED                sk=<until>#<promId>  a promotion window the feed reads (promote.go)
//	pk=PROMOSTATS#<promId>     sk=STATS             a promotion's impressions and plays
//
// A timeline is a named list of posts (Timeline). Its entries are bucketed by the post's creation
// time in UTC: shared timelines ("audio", "video", "beat", "feed-audio") by day, so no partition takes
// every write, and one user's timelines by month, since one person posts at human speed and
// month buckets fill a page from one query. The directory lists the buckets that ever had an
// entry; it is written with the first post of a bucket a process sees and never shrinks, so a
// page may step over an emptied bucket. A timeline's size is the sum of its count shards; writers
// ADD to a random shard, readers read them all.
//
// Reading a page costs the same at any depth: one Query of the directory from the cursor's
// bucket, one Query per bucket until the page is full (usually one), and one BatchGetItem for the
// posts, the viewer's REACT items, the count shards and the owners' profiles (Users table). The
// cursor holds the bucket, the last post id and the page number. Every write that changes a
// counter is one transaction with the item it counts, so counts never drift.
//
// Kinds differ only in their fields, their rules and the timelines they appear in (kinds): a
// new kind is a new entry there.
package post
