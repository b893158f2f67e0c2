package post

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"log/slog"
	"math"
	"slices"
	"sync"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/google/uuid"

	"zuum/shared/dynamo"
	"zuum/shared/failure"
	"zuum/shared/jobs"
	"zuum/shared/media"
	"zuum/shared/money"
)

// Files is the media bucket as posts use it; *media.Store is one.
type Files interface {
	// Claim judges owner's upload at key and copies it to a key no upload form can write.
	Claim(ctx context.Context, owner, key string, kind media.Kind) (media.Meta, error)
	Delete(ctx context.Context, keys ...string) error
	// Discard deletes keys nothing points at, logging what it cannot.
	Discard(ctx context.Context, why string, keys ...string)
	// CutPreview cuts a beat's preview from its claimed audio at key into a file of its own.
	CutPreview(ctx context.Context, owner, key string) (media.Meta, error)
}

// Config is what a Store is built from.
type Config struct {
	DB    *dynamodb.Client
	Table string // the Posts table
	Users string // the Users table: owners' profiles and notifications
	// Files claims uploads for Create and deletes media when Delete cannot queue the clean-up;
	// Jobs queues the new post's fan-out and the deleted post's clean-up. Only Create and Delete
	// use them: a store that reads (the feed's) or purges (the jobs worker's) needs neither.
	Files Files
	Jobs  jobs.Queue
	// Now is the clock; nil means time.Now.
	Now func() time.Time
}

// Store keeps posts in the Posts table.
type Store struct {
	db      *dynamodb.Client
	table   string
	users   string
	files   Files
	jobs    jobs.Queue
	catalog *media.Catalog
	now     func() time.Time
	ids     ids
	// dirs holds the directory items this process has written (dirPK + "/" + bucket), which
	// are never deleted, so a bucket's later posts need not write them again.
	dirs sync.Map
}

// NewStore returns a store.
func NewStore(c Config) *Store {
	if c.Now == nil {
		c.Now = time.Now
	}
	return &Store{
		db: c.DB, table: c.Table, users: c.Users, files: c.Files, jobs: c.Jobs,
		catalog: media.NewCatalog(c.DB, c.Table), now: c.Now,
	}
}

const (
	skPost          = "POST"
	reactPrefix     = "REACT#"
	commentPrefix   = "COMMENT#"
	sharePrefix     = "SHARE#"
	skShare         = "SHARE"
	postPrefix      = "POST#"
	conditionAbsent = "attribute_not_exists(pk)"
)

func itemKey(pk, sk string) map[string]types.AttributeValue {
	return map[string]types.AttributeValue{
		"pk": &types.AttributeValueMemberS{Value: pk},
		"sk": &types.AttributeValueMemberS{Value: sk},
	}
}

func postKey(id string) map[string]types.AttributeValue { return itemKey(postPrefix+id, skPost) }

// validID reports whether id can be a post, comment or share id; anything else is not found
// without asking DynamoDB.
func validID(id string) bool {
	_, err := uuid.Parse(id)
	return err == nil && len(id) == 36
}

// ids makes UUIDv7s stamped with the store's clock: 48 bits of milliseconds, then a 12-bit
// sequence that keeps ids made in one millisecond in the order they were made, then random bits.
type ids struct {
	mu   sync.Mutex
	last int64 // milliseconds<<12 | sequence of the last id
}

func (g *ids) next(now time.Time) string {
	g.mu.Lock()
	t := max(now.UnixMilli()<<12, g.last+1)
	g.last = t
	g.mu.Unlock()
	var u uuid.UUID
	_, _ = rand.Read(u[:]) // crypto/rand.Read never fails
	ms, seq := uint64(t>>12), uint64(t&0xfff)
	for i := range 6 {
		u[i] = byte(ms >> (8 * (5 - i)))
	}
	u[6], u[7] = 0x70|byte(seq>>8), byte(seq)
	u[8] = u[8]&0x3f | 0x80
	return u.String()
}

// postItem is a post as stored.
type postItem struct {
	PK           string   `dynamodbav:"pk"`
	SK           string   `dynamodbav:"sk"`
	ID           string   `dynamodbav:"id"`
	Kind         Kind     `dynamodbav:"kind"`
	OwnerID      string   `dynamodbav:"owner_id"`
	Caption      string   `dynamodbav:"caption"`
	Type         string   `dynamodbav:"type,omitempty"`
	Spotify      string   `dynamodbav:"spotify,omitempty"`
	AppleMusic   string   `dynamodbav:"apple_music,omitempty"`
	YouTubeMusic string   `dynamodbav:"youtube_music,omitempty"`
	Boomplay     string   `dynamodbav:"boomplay,omitempty"`
	Audiomark    string   `dynamodbav:"audiomark,omitempty"`
	Location     string   `dynamodbav:"location,omitempty"`
	Public       bool     `dynamodbav:"public"`
	Tags         []string `dynamodbav:"tagged_people,omitempty"`
	Media        string   `dynamodbav:"media"`
	Cover        string   `dynamodbav:"cover,omitempty"`
	// The cover's Art; absent without a cover and on posts made before covers had renditions.
	CoverWidth       int     `dynamodbav:"cover_width,omitempty"`
	CoverHeight      int     `dynamodbav:"cover_height,omitempty"`
	CoverRenditions  []int   `dynamodbav:"cover_renditions,omitempty"`
	CoverPlaceholder string  `dynamodbav:"cover_placeholder,omitempty"`
	Duration         float64 `dynamodbav:"duration"`
	// The bitrates of the listening copies of media and of a beat's preview (SetListening);
	// absent until the jobs worker has made them.
	Listening        []int `dynamodbav:"listening,omitempty"`
	PreviewListening []int `dynamodbav:"preview_listening,omitempty"`
	// A beat for sale's description and terms (Sale); absent for other kinds. total_buyers is
	// written as 0 with the beat, so a purchase's condition total_buyers < total_supply holds.
	Description string       `dynamodbav:"description,omitempty"`
	Price       *money.Money `dynamodbav:"price,omitempty"` // kobo
	Supply      *int64       `dynamodbav:"total_supply,omitempty"`
	Buyers      *int64       `dynamodbav:"total_buyers,omitempty"`
	Preview     string       `dynamodbav:"preview,omitempty"`
	Seller      string       `dynamodbav:"seller,omitempty"`
	Withdrawn   bool         `dynamodbav:"withdrawn,omitempty"`
	SearchWords []string     `dynamodbav:"search_words,omitempty"`
	Reactions   int64        `dynamodbav:"reactions"`
	Comments    int64        `dynamodbav:"comments"`
	Shares      int64        `dynamodbav:"shares"`
	Plays       int64        `dynamodbav:"plays"`
	CreatedAt   string       `dynamodbav:"created_at"`
	// The promotion window (PromoteItems): absent until the post is first promoted.
	PromotionID   string `dynamodbav:"promotion_id,omitempty"`
	PromotedFrom  string `dynamodbav:"promoted_from,omitempty"`
	PromotedUntil string `dynamodbav:"promoted_until,omitempty"`
}

func toItem(p Post) postItem {
	if len(p.Tags) == 0 {
		// Stored as no attribute rather than an empty list: the local cloud's DynamoDB loses an
		// empty list's type when it rolls a canceled transaction back.
		p.Tags = nil
	}
	var sale Sale
	if p.Sale != nil {
		sale = *p.Sale
	}
	it := postItem{
		PK: postPrefix + p.ID, SK: skPost, ID: p.ID, Kind: p.Kind, OwnerID: p.OwnerID, Caption: p.Caption,
		Type: p.Type, Spotify: p.Links.Spotify, AppleMusic: p.Links.AppleMusic, YouTubeMusic: p.Links.YouTubeMusic,
		Boomplay: p.Links.Boomplay, Audiomark: p.Links.Audiomark, Location: p.Location, Public: p.Public,
		Tags: p.Tags, Media: p.Media, Cover: p.Cover, Duration: p.Duration, Reactions: p.Reactions,
		CoverWidth: p.Art.Width, CoverHeight: p.Art.Height, CoverRenditions: p.Art.Renditions, CoverPlaceholder: p.Art.Placeholder,
		Comments: p.Comments, Shares: p.Shares, Plays: p.Plays, CreatedAt: p.CreatedAt.UTC().Format(time.RFC3339Nano),
		Description: sale.Description, Preview: sale.Preview, Seller: sale.Seller, Withdrawn: sale.Withdrawn,
		SearchWords: p.indexed, Listening: p.Listening, PreviewListening: sale.Listening,
	}
	if p.Sale != nil {
		it.Price, it.Supply, it.Buyers = &sale.Price, &sale.Supply, &sale.Buyers
	}
	return it
}

func fromItem(av map[string]types.AttributeValue) (Post, error) {
	var it postItem
	if err := attributevalue.UnmarshalMap(av, &it); err != nil {
		return Post{}, failure.Wrap(err, "decode post")
	}
	created, _ := time.Parse(time.RFC3339Nano, it.CreatedAt)
	tags := it.Tags
	if tags == nil {
		tags = []string{}
	}
	var sale *Sale
	if it.Kind == Beat {
		sale = &Sale{Description: it.Description, Preview: it.Preview, Seller: it.Seller, Withdrawn: it.Withdrawn,
			Listening: it.PreviewListening}
		if it.Supply != nil {
			sale.Supply = *it.Supply
		}
		if it.Price != nil {
			sale.Price = *it.Price
		}
		if it.Buyers != nil {
			sale.Buyers = *it.Buyers
		}
	}
	return Post{
		Sale: sale,
		ID:   it.ID, Kind: it.Kind, OwnerID: it.OwnerID, Caption: it.Caption, Type: it.Type,
		Links: Links{Spotify: it.Spotify, AppleMusic: it.AppleMusic, YouTubeMusic: it.YouTubeMusic,
			Boomplay: it.Boomplay, Audiomark: it.Audiomark},
		Location: it.Location, Public: it.Public, Tags: tags, Media: it.Media, Cover: it.Cover,
		Art:      Art{Width: it.CoverWidth, Height: it.CoverHeight, Renditions: it.CoverRenditions, Placeholder: it.CoverPlaceholder},
		Duration: it.Duration, Reactions: it.Reactions, Comments: it.Comments, Shares: it.Shares, Plays: it.Plays,
		CreatedAt: created, indexed: it.SearchWords, Promotion: it.promotion(), Listening: it.Listening,
	}, nil
}

// Create checks d and publishes it: the post, its timeline entries, their directory items and
// count shards in one transaction. A public post's followers are then told through the jobs
// queue; if it cannot be queued the post is taken down again and Create fails, so nothing
// half-done survives. A refused draft is an Invalid error with a message per field.
//
// The post points at copies of its uploads (Files.Claim) that no upload form can write, made and
// checked before the post is written, so it never points at a missing or unchecked file. Once it
// is published the uploads are deleted (and the media function's records of them, in the same
// transaction as the post). Copies whose post was refused or undone are deleted;
// after a write whose outcome is unknown they are left: no post points at them and no upload
// form can write them, so they cost storage and nothing else.
func (s *Store) Create(ctx context.Context, d Draft) (Post, error) {
	k, ok := kinds[d.Kind]
	if !ok || d.OwnerID == "" {
		return Post{}, failure.Wrap(fmt.Errorf("post: draft of kind %q by %q", d.Kind, d.OwnerID), "create post")
	}
	errs := k.check(&d)
	files, bad, err := s.claimUploads(ctx, k, d)
	if err != nil {
		s.files.Discard(ctx, "copies for a post that failed", files.keys()...)
		return Post{}, err
	}
	if errs = append(errs, bad...); len(errs) > 0 {
		s.files.Discard(ctx, "copies for a refused post", files.keys()...)
		return Post{}, k.refuse(errs)
	}
	now := s.now().UTC()
	p := Post{
		ID: s.ids.next(now), Kind: d.Kind, OwnerID: d.OwnerID, Caption: d.Caption, Type: d.Type, Links: d.Links,
		Location: d.Location, Public: d.Public, Tags: d.Tags, Media: files.media.Key, Cover: files.cover.Key,
		Art:      artOf(files.cover),
		Duration: math.Round(files.media.Duration*1000) / 1000, CreatedAt: now,
	}
	if d.Kind == Beat {
		// The preview is cut here, from the copy the post keeps, rather than by the media
		// function from the upload: the upload is deleted once the post exists, and the copy
		// is the file that was judged and that buyers download.
		preview, err := s.files.CutPreview(ctx, d.OwnerID, files.media.Key)
		if err != nil {
			s.files.Discard(ctx, "copies for a beat whose preview failed", files.keys()...)
			return Post{}, failure.Wrap(err, "cut preview")
		}
		files.preview = preview
		p.Sale = &Sale{
			Description: d.Sale.Description, Price: d.Sale.Price, Supply: d.Sale.Supply, Preview: preview.Key, Seller: d.Sale.Seller,
		}
	}
	if p.Public { // a private video is never found
		if p.indexed, err = s.searchWords(ctx, p, d.Artist); err != nil {
			s.files.Discard(ctx, "copies for a post that failed", files.keys()...)
			return Post{}, err
		}
	}
	items, dirs, err := s.publishItems(p)
	if err != nil {
		s.files.Discard(ctx, "copies for a post that failed", files.keys()...)
		return Post{}, err
	}
	uploads := []string{d.Media, d.Cover}
	items = append(items, s.catalog.ForgetItems(uploads...)...) // the media function's checks of them
	if err := s.transact(ctx, items); err != nil {
		slog.WarnContext(ctx, "post: copies of a post whose write failed are left", "keys", files.keys(), "err", err)
		return Post{}, failure.Wrap(err, "create post")
	}
	for _, dir := range dirs {
		s.dirs.Store(dir, true)
	}
	if p.Public {
		job := jobs.Job{Type: jobs.PostCreated, PostID: p.ID, PostKind: string(p.Kind), AuthorID: p.OwnerID}
		if err := s.jobs.Send(ctx, job); err != nil {
			if uerr := s.transact(ctx, s.removeItems(p, "")); uerr != nil {
				err = errors.Join(err, fmt.Errorf("undo post %s: %w", p.ID, uerr))
			} else {
				s.files.Discard(ctx, "copies for an undone post", files.keys()...)
			}
			return Post{}, failure.Wrap(err, "queue new post")
		}
	} // a private video tells nobody
	s.files.Discard(ctx, "uploads a post was made from", uploads...)
	return p, nil
}

// claimed are the copies a post is made with, and a beat's preview cut from its audio.
type claimed struct{ media, cover, preview media.Meta }

// keys are the copies' keys, with the cover's renditions.
func (c claimed) keys() []string {
	var keys []string
	for _, m := range []media.Meta{c.media, c.cover, c.preview} {
		if m.OK() {
			keys = append(keys, m.Key)
			keys = append(keys, media.RenditionKeys(m.Key, m.Renditions)...)
		}
	}
	return keys
}

// claimUploads claims d's uploads (Files.Claim): each must be the owner's upload of the right
// kind, exist, and be a valid file of that kind. It returns the copies made and a field error
// per bad upload.
func (s *Store) claimUploads(ctx context.Context, k kind, d Draft) (claimed, []failure.FieldError, error) {
	var (
		wg                sync.WaitGroup
		c                 claimed
		mainErr, coverErr error
	)
	if d.Media != "" {
		wg.Go(func() { c.media, mainErr = s.claim(ctx, d.OwnerID, d.Media, k.media) })
	}
	if d.Cover != "" {
		wg.Go(func() { c.cover, coverErr = s.claim(ctx, d.OwnerID, d.Cover, media.Image) })
	}
	wg.Wait()
	if err := errors.Join(mainErr, coverErr); err != nil {
		return c, nil, failure.Wrap(err, "check uploads")
	}
	var errs []failure.FieldError
	if d.Media != "" && (!c.media.OK() || len(k.mediaTypes) > 0 && !slices.Contains(k.mediaTypes, c.media.ContentType)) {
		errs = append(errs, failure.FieldError{Field: k.field, Msg: k.badMedia})
	}
	if d.Cover != "" && !c.cover.OK() {
		errs = append(errs, failure.FieldError{Field: "cover_photo", Msg: msgCoverBad})
	}
	return c, errs, nil
}

// claim claims one upload; a key with no object is a rejected one.
func (s *Store) claim(ctx context.Context, owner, key string, want media.Kind) (media.Meta, error) {
	m, err := s.files.Claim(ctx, owner, key, want)
	if errors.Is(err, media.ErrNoObject) {
		return media.Meta{Key: key, Status: media.StatusRejected, Reason: "no such upload"}, nil
	}
	return m, err
}

// publishItems are the writes that publish p, and the directory items among them.
func (s *Store) publishItems(p Post) ([]types.TransactWriteItem, []string, error) {
	av, err := attributevalue.MarshalMap(toItem(p))
	if err != nil {
		return nil, nil, failure.Wrap(err, "encode post")
	}
	items := []types.TransactWriteItem{{Put: &types.Put{
		TableName: &s.table, Item: av, ConditionExpression: aws.String(conditionAbsent),
	}}}
	var dirs []string
	for _, tl := range p.Timelines() {
		b := tl.bucket(p.CreatedAt)
		e, err := attributevalue.MarshalMap(entryItem{PK: tl.entryPK(b), SK: p.ID, PostID: p.ID, OwnerID: p.OwnerID, Kind: p.Kind})
		if err != nil {
			return nil, nil, failure.Wrap(err, "encode timeline entry")
		}
		items = append(items, types.TransactWriteItem{Put: &types.Put{TableName: &s.table, Item: e}})
		if dir := tl.dirPK() + "/" + b; !s.known(dir) {
			items = append(items, types.TransactWriteItem{Put: &types.Put{TableName: &s.table, Item: itemKey(tl.dirPK(), b)}})
			dirs = append(dirs, dir)
		}
		items = append(items, s.count(tl, 1))
	}
	return append(items, s.indexItems(p)...), dirs, nil
}

func (s *Store) known(dir string) bool {
	_, ok := s.dirs.Load(dir)
	return ok
}

// count adds d to a random count shard of tl.
func (s *Store) count(tl Timeline, d int) types.TransactWriteItem {
	return types.TransactWriteItem{Update: &types.Update{
		TableName: &s.table, Key: tl.anyCountKey(), UpdateExpression: aws.String("ADD n :d"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":d": number(d)},
	}}
}

func number(n int) types.AttributeValue { return &types.AttributeValueMemberN{Value: fmt.Sprint(n)} }

// removeItems are the writes that take p down: the post item (while owner still owns it, when
// owner is set), its timeline entries and their counts. Directory items stay.
func (s *Store) removeItems(p Post, owner string) []types.TransactWriteItem {
	del := &types.Delete{TableName: &s.table, Key: postKey(p.ID), ConditionExpression: aws.String("attribute_exists(pk)")}
	if owner != "" {
		del.ConditionExpression = aws.String("attribute_exists(pk) AND owner_id = :owner")
		del.ExpressionAttributeValues = map[string]types.AttributeValue{":owner": &types.AttributeValueMemberS{Value: owner}}
	}
	items := []types.TransactWriteItem{{Delete: del}}
	for _, tl := range p.Timelines() {
		items = append(items,
			types.TransactWriteItem{Delete: &types.Delete{TableName: &s.table, Key: itemKey(tl.entryPK(tl.bucket(p.CreatedAt)), p.ID)}},
			s.count(tl, -1))
	}
	return append(items, s.unindexItems(p)...)
}

// Get returns the post with id, or ErrNotFound.
func (s *Store) Get(ctx context.Context, id string) (Post, error) {
	if !validID(id) {
		return Post{}, ErrNotFound
	}
	out, err := s.db.GetItem(ctx, &dynamodb.GetItemInput{TableName: &s.table, Key: postKey(id), ConsistentRead: aws.Bool(true)})
	if err != nil {
		return Post{}, failure.Wrap(err, "get post")
	}
	if out.Item == nil {
		return Post{}, ErrNotFound
	}
	return fromItem(out.Item)
}

// find returns the post with id when it is of kind and viewer may see it, else ErrNotFound.
func (s *Store) find(ctx context.Context, k Kind, id, viewer string) (Post, error) {
	p, err := s.Get(ctx, id)
	if err != nil {
		return Post{}, err
	}
	if p.Kind != k || !p.VisibleTo(viewer) {
		return Post{}, ErrNotFound
	}
	return p, nil
}

// Delete takes down caller's post id of kind k in one transaction (the post, its timeline
// entries and counts), then queues the clean-up of its reactions, comments, shares and media;
// when that cannot be queued it cleans up at once (and logs what it could not). Another
// user's post is ErrNotOwner.
func (s *Store) Delete(ctx context.Context, k Kind, id, caller string) error {
	p, err := s.find(ctx, k, id, caller)
	if err != nil {
		return err
	}
	if p.OwnerID != caller {
		return ErrNotOwner
	}
	if p.Kind == Beat {
		return s.deleteBeat(ctx, p)
	}
	err = s.transact(ctx, s.removeItems(p, caller))
	if failed, ok := dynamo.CanceledBy(err); ok && len(failed) > 0 {
		return ErrNotFound // deleted meanwhile
	}
	if err != nil {
		return failure.Wrap(err, "delete post")
	}
	s.cleanUp(ctx, p)
	return nil
}

// cleanUp queues the clean-up of deleted post p, or does it at once when it cannot be queued.
func (s *Store) cleanUp(ctx context.Context, p Post) {
	job := jobs.Job{Type: jobs.PostDeleted, PostID: p.ID, PostKind: string(p.Kind), AuthorID: p.OwnerID, Media: p.MediaKeys()}
	if qerr := s.jobs.Send(ctx, job); qerr != nil {
		// Nothing will tidy up after the post: do it now. The post is gone either way, so what
		// this leaves behind is the operator's to see in the log, not the caller's error.
		err := errors.Join(s.Purge(ctx, p.ID), s.catalog.Forget(ctx, p.MediaKeys()...), s.files.Delete(ctx, p.MediaKeys()...))
		if err != nil {
			slog.ErrorContext(ctx, "clean up deleted post", "post", p.ID, "queue_err", qerr, "err", err)
		}
	}
}

// Purge deletes what is left of a deleted post: its reactions, comments and shares, with the
// shares' lookup items. It is idempotent, and refuses a post that still exists.
func (s *Store) Purge(ctx context.Context, postID string) error {
	if _, err := s.Get(ctx, postID); err == nil {
		return fmt.Errorf("post: purge of post %s, which still exists", postID)
	} else if !errors.Is(err, ErrNotFound) {
		return err
	}
	in := &dynamodb.QueryInput{
		TableName: &s.table, KeyConditionExpression: aws.String("pk = :pk"), ProjectionExpression: aws.String("pk, sk"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":pk": &types.AttributeValueMemberS{Value: postPrefix + postID}},
		ConsistentRead:            aws.Bool(true),
	}
	for {
		out, err := s.db.Query(ctx, in)
		if err != nil {
			return failure.Wrap(err, "list post items")
		}
		var keys []map[string]types.AttributeValue
		for _, it := range out.Items {
			keys = append(keys, itemKey(postPrefix+postID, str(it["sk"])))
			if sk := str(it["sk"]); len(sk) > len(sharePrefix) && sk[:len(sharePrefix)] == sharePrefix {
				keys = append(keys, itemKey(sk, skShare))
			}
		}
		if err := s.deleteAll(ctx, keys); err != nil {
			return err
		}
		if len(out.LastEvaluatedKey) == 0 {
			return nil
		}
		in.ExclusiveStartKey = out.LastEvaluatedKey
	}
}

// str is the string value of av, "" when it is not a string.
func str(av types.AttributeValue) string {
	if s, ok := av.(*types.AttributeValueMemberS); ok {
		return s.Value
	}
	return ""
}
