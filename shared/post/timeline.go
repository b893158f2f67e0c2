package post

import (
	"encoding/base64"
	"encoding/json"
	"math/rand/v2"
	"strconv"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/google/uuid"

	"zuum/shared/failure"
)

// Timeline is a named newest-first list of posts.
type Timeline struct {
	Name   string
	layout string // the time layout of its buckets: a day or a month
	shards int    // how many items its size is spread over
}

const (
	dayBuckets   = "2006-01-02"
	monthBuckets = "2006-01"
	// sharedShards spreads a shared timeline's size so that no count item takes every write.
	sharedShards = 8
)

// shared is a timeline every user's posts go to: day buckets and a sharded size.
func shared(name string) Timeline {
	return Timeline{Name: name, layout: dayBuckets, shards: sharedShards}
}

// personal is one user's timeline: month buckets and a single count item.
func personal(name string) Timeline { return Timeline{Name: name, layout: monthBuckets, shards: 1} }

// The shared timelines.
var (
	AllAudio  = shared("audio")      // every audio post (GET /api/audio)
	AllVideos = shared("video")      // every public video (GET /api/video, the feed's video tab)
	FeedAudio = shared("feed-audio") // the feed's audio tab: audio posts and beats for sale
	AllBeats  = shared("beat")       // every beat for sale (GET /api/beat)
)

// UserBeats is userID's beats for sale (the profile's beats list, GET /api/beat/user/{userId}).
func UserBeats(userID string) Timeline { return personal("user-" + userID + "-beat") }

// UserAudio is userID's audio posts.
func UserAudio(userID string) Timeline { return personal("user-" + userID + "-audio") }

// UserVideos is all of userID's videos, private ones included (for the owner).
func UserVideos(userID string) Timeline { return personal("user-" + userID + "-video") }

// UserPublicVideos is userID's public videos (for everyone else).
func UserPublicVideos(userID string) Timeline {
	return personal("user-" + userID + "-video-public")
}

// bucket is the bucket a post created at t goes to.
func (tl Timeline) bucket(t time.Time) string { return t.UTC().Format(tl.layout) }

func (tl Timeline) entryPK(bucket string) string { return "TL#" + tl.Name + "#" + bucket }
func (tl Timeline) dirPK() string                { return "TLDIR#" + tl.Name }
func (tl Timeline) countPK() string              { return "TLCOUNT#" + tl.Name }

// entryItem is a timeline entry as stored.
type entryItem struct {
	PK      string `dynamodbav:"pk"`
	SK      string `dynamodbav:"sk"`
	PostID  string `dynamodbav:"post_id"`
	OwnerID string `dynamodbav:"owner_id"`
	Kind    Kind   `dynamodbav:"kind"`
}

// entry is one post of a timeline, as a page walk finds it.
type entry struct {
	bucket  string
	postID  string
	ownerID string
}

// countKeys are the keys of every count shard of tl.
func (tl Timeline) countKeys() []map[string]types.AttributeValue {
	keys := make([]map[string]types.AttributeValue, tl.shards)
	for i := range keys {
		keys[i] = tl.countKey(i)
	}
	return keys
}

func (tl Timeline) countKey(shard int) map[string]types.AttributeValue {
	return itemKey(tl.countPK(), strconv.Itoa(shard))
}

// anyCountKey is a random shard's key, for an ADD.
func (tl Timeline) anyCountKey() map[string]types.AttributeValue {
	return tl.countKey(rand.IntN(tl.shards))
}

// position is where a page starts: after post After of bucket Bucket ("" for the newest).
// Page is the number of the page that starts there.
type position struct {
	Bucket string `json:"b,omitempty"`
	After  string `json:"a,omitempty"`
	Page   int    `json:"p"`
}

// encode makes pos an opaque cursor.
func (pos position) encode() string {
	raw, _ := json.Marshal(pos)
	return base64.RawURLEncoding.EncodeToString(raw)
}

// decodePosition reads a cursor made by encode; layout is the bucket layout it must have ("" for
// lists without buckets, such as comments).
func decodePosition(cursor, layout string) (position, error) {
	raw, err := base64.RawURLEncoding.DecodeString(cursor)
	if err != nil {
		return position{}, ErrBadCursor
	}
	var pos position
	if err := json.Unmarshal(raw, &pos); err != nil || pos.Page < 2 {
		return position{}, ErrBadCursor
	}
	if _, err := uuid.Parse(pos.After); err != nil {
		return position{}, ErrBadCursor
	}
	if layout != "" {
		if t, err := time.Parse(layout, pos.Bucket); err != nil || t.Format(layout) != pos.Bucket {
			return position{}, ErrBadCursor
		}
	} else if pos.Bucket != "" {
		return position{}, ErrBadCursor
	}
	return pos, nil
}

// PageRequest asks for one page of a list: Limit items from Cursor (a page's Next), or without
// a cursor page number Page (walked to from the first page).
type PageRequest struct {
	Limit  int
	Cursor string
	Page   int
}

// maxSkip bounds the entries a page asked for by number may lie behind. The HTTP edge refuses
// pages past a list's end or deeper than httpapi.MaxWalk first, with the list's own bounds;
// this keeps any other caller from walking a whole timeline or overflowing.
const maxSkip = 100_000

// ErrPageTooDeep refuses a page number whose entries lie deeper than maxSkip.
var ErrPageTooDeep = failure.New(failure.Invalid, "page is too deep: follow next instead.")

// start is where req's page starts and how many entries before it must be skipped. A limit
// below 1 counts as 1.
func (req *PageRequest) start(layout string) (pos position, skip int, err error) {
	req.Limit = max(req.Limit, 1)
	if req.Cursor != "" {
		pos, err = decodePosition(req.Cursor, layout)
		return pos, 0, err
	}
	page := max(req.Page, 1)
	if page-1 > maxSkip/req.Limit {
		return position{}, 0, ErrPageTooDeep
	}
	return position{Page: page}, (page - 1) * req.Limit, nil
}
