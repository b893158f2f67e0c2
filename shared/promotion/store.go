package promotion

import (
	"context"
	"errors"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/google/uuid"

	"zuum/shared/billing"
	"zuum/shared/dynamo"
	"zuum/shared/failure"
	"zuum/shared/ledger"
	"zuum/shared/media"
	"zuum/shared/money"
	"zuum/shared/post"
)

// Promoter makes a post promoted during a window, in the transaction that approves its
// promotion, and counts what the promotion earned. The post store is one.
type Promoter interface {
	PromoteItems(postID, ownerID, promotionID string, start, end time.Time) ([]types.TransactWriteItem, error)
	PromotionStats(ctx context.Context, promotionIDs []string) (map[string]post.PromotionStats, error)
}

// Config is what a Store needs.
type Config struct {
	DB *dynamodb.Client
	// Ledger is where promotions live and are paid.
	Ledger *ledger.Store
	// Posts reads the posts in-app promotions name (nil for a store that only creates mass ones).
	Posts *post.Store
	// Files checks the uploads a mass promotion's form names (nil for one that takes no form).
	Files *media.Catalog
	// Promoter starts an approved in-app promotion's window on its post; nil leaves the post as
	// it is (the window is still kept on the promotion).
	Promoter Promoter
	// Users is the Users table, where a decision's notification to the owner is written (in the
	// decision's transaction); "" for a store that decides nothing.
	Users string
	// Now is the clock; nil means time.Now.
	Now func() time.Time
}

// Store keeps promotions in the Ledger table (layout in the package comment).
type Store struct {
	db       *dynamodb.Client
	table    string
	ledger   *ledger.Store
	posts    *post.Store
	files    *media.Catalog
	promoter Promoter
	users    string
	now      func() time.Time
}

// NewStore returns a store.
func NewStore(c Config) *Store {
	if c.Now == nil {
		c.Now = time.Now
	}
	return &Store{
		db: c.DB, table: c.Ledger.Table(), ledger: c.Ledger, posts: c.Posts, files: c.Files,
		promoter: c.Promoter, users: c.Users, now: c.Now,
	}
}

// Owner is who asks for a promotion.
type Owner struct{ ID, Username string }

// InAppRequest is POST /api/payment/promote's body.
type InAppRequest struct {
	PostID   string
	Type     string
	Timeline string
}

// Promote asks for an in-app promotion of one of owner's posts at its price (QuoteInApp) and
// pays it: owner's wallet → ledger.Held in one movement with the promotion. Someone else's post is ErrPostNotFound, as a
// missing one is: a promotion never tells whether another user's post exists.
//
// once is the request's idempotency item (its key and hash): the payment stores it with the
// promotion's id (Once.Made), from which a replay's answer is rebuilt (Get).
func (s *Store) Promote(ctx context.Context, owner Owner, req InAppRequest, once ledger.Once) (Promotion, error) {
	now := s.now().UTC()
	q, err := QuoteInApp(now, req)
	if err != nil {
		return Promotion{}, err
	}
	p, err := s.posts.Get(ctx, req.PostID)
	if errors.Is(err, post.ErrNotFound) || (err == nil && p.OwnerID != owner.ID) {
		return Promotion{}, ErrPostNotFound
	}
	if err != nil {
		return Promotion{}, err
	}
	if kind := kindOf(p); kind != req.Type {
		return Promotion{}, errTypeMismatch(kind)
	}
	pr := Promotion{
		OwnerID: owner.ID, OwnerUsername: owner.Username, Category: InApp, PostID: p.ID, PostType: req.Type,
		Title: p.Caption, Price: q.Price, Days: q.Days, Status: Pending, Until: q.Until, CreatedAt: now,
	}
	return s.pay(ctx, pr, "Promotion of your "+req.Type, once)
}

// kindOf is the type an in-app promotion of p names: a free beat (an audio post of type beat) is
// a beat, as a beat for sale is.
func kindOf(p post.Post) string {
	if p.Kind == post.Audio && p.Type == post.TypeBeat {
		return "beat"
	}
	return string(p.Kind)
}

// pay writes pr, its list and queue items and its payment as one movement, with once naming pr.
func (s *Store) pay(ctx context.Context, pr Promotion, what string, once ledger.Once) (Promotion, error) {
	id, err := uuid.NewV7()
	if err != nil {
		return Promotion{}, failure.Wrap(err, "promotion id")
	}
	pr.ID = id.String()
	once.Made = pr.ID
	put, err := s.put(pr, "attribute_not_exists(pk)")
	if err != nil {
		return Promotion{}, err
	}
	items := []types.TransactWriteItem{put,
		{Put: &types.Put{TableName: &s.table, Item: ref("PROMOS#"+pr.OwnerID, pr.ID)}},
		{Put: &types.Put{TableName: &s.table, Item: ref(queuePK, pr.ID)}},
	}
	_, err = billing.New(s.ledger).Hold(ctx, billing.Bill{
		ID: pr.ID, Kind: ledger.KindPromotion, At: pr.CreatedAt, Once: once,
		Payer: pr.OwnerID, PayerName: pr.OwnerUsername, Amount: pr.Price, Type: LegType, For: what, Reference: pr.ID,
	}, items...)
	var short *ledger.Insufficient
	switch {
	case errors.As(err, &short):
		return Promotion{}, ErrInsufficient
	case errors.Is(err, ledger.ErrReplayed):
		return Promotion{}, err
	case err != nil:
		return Promotion{}, failure.Wrap(err, "pay promotion")
	}
	return pr, nil
}

// Get returns promotion id, or ErrNotFound.
func (s *Store) Get(ctx context.Context, id string) (Promotion, error) {
	if uuid.Validate(id) != nil {
		return Promotion{}, ErrNotFound
	}
	var st stored
	found, err := dynamo.Get(ctx, s.db, s.table, key(id), &st)
	if err != nil {
		return Promotion{}, failure.Wrap(err, "get promotion")
	}
	if !found {
		return Promotion{}, ErrNotFound
	}
	return st.promotion(), nil
}

// queuePK is the partition of the admins' queue of pending promotions.
const queuePK = "PROMOQ#" + Pending

func key(id string) map[string]types.AttributeValue {
	return map[string]types.AttributeValue{"pk": str("PROMO#" + id), "sk": str("PROMO")}
}

func ref(pk, id string) map[string]types.AttributeValue {
	return map[string]types.AttributeValue{"pk": str(pk), "sk": str(id), "id": str(id)}
}

func str(s string) types.AttributeValue { return &types.AttributeValueMemberS{Value: s} }

// stored is the promotion item.
type stored struct {
	PK            string            `dynamodbav:"pk"`
	SK            string            `dynamodbav:"sk"`
	ID            string            `dynamodbav:"id"`
	OwnerID       string            `dynamodbav:"owner_id"`
	OwnerUsername string            `dynamodbav:"owner_username"`
	Category      string            `dynamodbav:"category"`
	PostID        string            `dynamodbav:"post_id,omitempty"`
	PostType      string            `dynamodbav:"post_type,omitempty"`
	PackageID     string            `dynamodbav:"package_id,omitempty"`
	PackageName   string            `dynamodbav:"package_name,omitempty"`
	Title         string            `dynamodbav:"title,omitempty"`
	Fields        map[string]string `dynamodbav:"fields,omitempty"`
	Price         int64             `dynamodbav:"price"`
	Days          int               `dynamodbav:"days"`
	Status        string            `dynamodbav:"status"`
	Reason        string            `dynamodbav:"reason,omitempty"`
	Until         string            `dynamodbav:"until,omitempty"`
	CreatedAt     string            `dynamodbav:"created_at"`
	DecidedAt     string            `dynamodbav:"decided_at,omitempty"`
	DecidedBy     string            `dynamodbav:"decided_by,omitempty"`
	Start         string            `dynamodbav:"start,omitempty"`
	End           string            `dynamodbav:"end,omitempty"`
}

func stamp(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.UTC().Format(time.RFC3339Nano)
}

func parse(s string) time.Time {
	t, _ := time.Parse(time.RFC3339Nano, s)
	return t
}

func (s *Store) put(p Promotion, cond string) (types.TransactWriteItem, error) {
	av, err := attributevalue.MarshalMap(stored{
		PK: "PROMO#" + p.ID, SK: "PROMO", ID: p.ID, OwnerID: p.OwnerID, OwnerUsername: p.OwnerUsername,
		Category: p.Category, PostID: p.PostID, PostType: p.PostType, PackageID: p.PackageID,
		PackageName: p.PackageName, Title: p.Title, Fields: p.Fields, Price: p.Price.Kobo(), Days: p.Days,
		Status: p.Status, Reason: p.Reason, Until: stamp(p.Until), CreatedAt: stamp(p.CreatedAt),
		DecidedAt: stamp(p.DecidedAt), DecidedBy: p.DecidedBy, Start: stamp(p.Start), End: stamp(p.End),
	})
	if err != nil {
		return types.TransactWriteItem{}, failure.Wrap(err, "encode promotion")
	}
	put := &types.Put{TableName: &s.table, Item: av, ConditionExpression: aws.String(cond)}
	if cond != "attribute_not_exists(pk)" {
		put.ExpressionAttributeNames = map[string]string{"#s": "status"}
		put.ExpressionAttributeValues = map[string]types.AttributeValue{":pending": str(Pending)}
	}
	return types.TransactWriteItem{Put: put}, nil
}

func (st stored) promotion() Promotion {
	return Promotion{
		ID: st.ID, OwnerID: st.OwnerID, OwnerUsername: st.OwnerUsername, Category: st.Category,
		PostID: st.PostID, PostType: st.PostType, PackageID: st.PackageID, PackageName: st.PackageName,
		Title: st.Title, Fields: st.Fields, Price: money.Money(st.Price), Days: st.Days, Status: st.Status,
		Reason: st.Reason, Until: parse(st.Until), CreatedAt: parse(st.CreatedAt), DecidedAt: parse(st.DecidedAt),
		DecidedBy: st.DecidedBy, Start: parse(st.Start), End: parse(st.End),
	}
}
