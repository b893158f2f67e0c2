// Package purchase is buying licences of beats for sale: the purchase (one ledger movement that
// also writes the licence (shared/licence) and raises the beat's buyers counter), a buyer's
// library, and the downloads a purchase allows. It builds on shared/post (the beat and its terms) and
// shared/ledger (the money); its items live in the Posts table:
//
//	pk=BUYER#<buyerId>   sk=PURCHASE#<id>   a purchase: post_id, seller_id, seller, caption, cover,
//	                                        media (the full audio's key), preview, price (N, kobo),
//	                                        licence_number, downloads_remaining (N), purchased_at
//	pk=BUYER#<buyerId>   sk=COUNT           n: how many purchases the buyer has made
//
// Purchase ids are UUIDv7, so a buyer's purchases sort by time. The beat's side of a purchase
// (its buyers counter and the buyer's guard item) is post.Store.SellItems.
package purchase

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
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
	"zuum/shared/licence"
	"zuum/shared/money"
	"zuum/shared/notify"
	"zuum/shared/post"
	"zuum/shared/profile"
	"zuum/shared/terms"
)

// Downloads is how many times a purchase's full audio may be downloaded.
const Downloads = 5

// Purchase is one licence of a beat bought by one buyer.
type Purchase struct {
	ID       string
	PostID   string
	BuyerID  string
	SellerID string
	Seller   string // the producer's username
	Caption  string
	Cover    string   // media key of the beat's cover
	Art      post.Art // the cover's size, renditions and placeholder, as the beat had them
	Media    string   // media key of the full audio: reached only through Download
	Preview  string   // media key of the preview
	Price    money.Money
	// LicenceNumber is the licence's number (its public check is GET /api/licences/{number}).
	LicenceNumber      string
	DownloadsRemaining int64
	PurchasedAt        time.Time
}

// Errors of buying and downloading. The HTTP edge maps them through their codes.
var (
	ErrOwnBeat   = failure.New(failure.Invalid, "You cannot buy your own beat")
	ErrOwned     = failure.New(failure.Conflict, "You already own this beat")
	ErrNotFound  = failure.New(failure.NotFound, "Purchase not found")
	ErrNoneLeft  = failure.New(failure.Forbidden, "No downloads left")
	errBadCursor = failure.New(failure.Invalid, "Invalid cursor.")
)

// MsgRefused is the spec's message of a refused purchase (part 2 §8); the field error says which.
const MsgRefused = "Validation error or insufficient balance"

// ErrInsufficient refuses a purchase the buyer's wallet cannot pay for.
var ErrInsufficient = failure.Fields(MsgRefused, failure.FieldError{Field: "amount", Msg: "Insufficient balance"})

// PriceChanged refuses a purchase whose amount is not the beat's price, naming the price.
func PriceChanged(price money.Money) error {
	return failure.New(failure.Conflict, "The price of this beat is "+price.String()+", not the amount you sent")
}

// Config is what a Store is built from.
type Config struct {
	DB    *dynamodb.Client
	Table string // the Posts table
	// Users is the Users table, where the producer's BEAT_SOLD notification is written in the
	// purchase's transaction.
	Users  string
	Posts  *post.Store
	Ledger *ledger.Store
	// Licences records each purchase's licence in the purchase's transaction.
	Licences *licence.Store
	// Now is the clock; nil means time.Now.
	Now func() time.Time
}

// Store buys beats and keeps purchases.
type Store struct{ c Config }

// New returns a store.
func New(c Config) (*Store, error) {
	if p := terms.BeatCommissionPercent; p < 0 || p > 100 {
		return nil, fmt.Errorf("purchase: a commission of %d%% is not between 0 and 100", p)
	}
	if c.Now == nil {
		c.Now = time.Now
	}
	return &Store{c: c}, nil
}

// Commission is Zuum's share of a sale at price, rounded down to the kobo (the seller gets the
// rest).
func (s *Store) Commission(price money.Money) money.Money {
	return billing.Commission(price, terms.BeatCommissionPercent)
}

// rounds bounds how often Buy starts over after its movement kept losing to concurrent ones
// (ledger.Move already retries each a dozen times): a buyer gets a licence or "sold out", not a
// failure, while licences remain.
const rounds = 8

// Buy buys one licence of beat postID for buyer, who must send the beat's price as amount. It is
// ONE ledger movement: the buyer pays the price (entry "purchase"), the seller gets it less the
// commission ("sale"), the commission account the commission ("commission"); with it, in the
// same transaction, the beat's buyers counter (only while below its supply), the buyer's guard
// (a beat is owned once), the purchase, the buyer's purchase count and the licence. answer makes the
// movement's idempotency item from the purchase (the first answer a replay gets).
//
// Errors: post.ErrNotForSale (no such beat, withdrawn, sold out, or its seller is deactivated),
// ErrOwnBeat, ErrOwned, PriceChanged, ErrInsufficient, ledger.ErrReplayed (the key was used:
// nothing moved; answer with the first answer).
func (s *Store) Buy(ctx context.Context, buyer profile.Profile, postID string, amount money.Money, once ledger.Once) (Purchase, error) {
	id, err := uuid.NewV7()
	if err != nil {
		return Purchase{}, failure.Wrap(err, "purchase id")
	}
	for round := 1; ; round++ {
		pur, err := s.buy(ctx, buyer, postID, amount, id.String(), once)
		if !dynamo.Conflicted(err) || round == rounds {
			return pur, err
		}
		if err := dynamo.Pause(ctx, 50*time.Millisecond); err != nil {
			return Purchase{}, err
		}
	}
}

func (s *Store) buy(ctx context.Context, buyer profile.Profile, postID string, amount money.Money, id string, once ledger.Once) (Purchase, error) {
	p, err := s.c.Posts.ForSale(ctx, postID)
	if err != nil {
		return Purchase{}, err
	}
	sale := *p.Sale
	switch {
	case p.OwnerID == buyer.ID:
		return Purchase{}, ErrOwnBeat
	case amount != sale.Price:
		return Purchase{}, PriceChanged(sale.Price)
	case sale.Buyers >= sale.Supply:
		// Sold out: no transaction could succeed. One who bought it is told so instead.
		if owns, err := s.c.Posts.Owns(ctx, p.ID, buyer.ID); err != nil || owns {
			return Purchase{}, cmp.Or(err, error(ErrOwned))
		}
		return Purchase{}, post.ErrNotForSale
	}
	pur := Purchase{
		ID: id, PostID: p.ID, BuyerID: buyer.ID, SellerID: p.OwnerID, Seller: sale.Seller, Caption: p.Caption,
		Cover: p.Cover, Art: p.Art, Media: p.Media, Preview: sale.Preview, Price: sale.Price,
		LicenceNumber: licence.NewNumber(), DownloadsRemaining: Downloads, PurchasedAt: s.c.Now().UTC(),
	}
	beat := ledger.Link{Kind: ledger.LinkBeat, ID: p.ID}
	payment := billing.Payment{
		Kind: ledger.KindPurchase, At: pur.PurchasedAt, Once: once, Amount: sale.Price, Commission: s.Commission(sale.Price), Reference: pur.ID,
		From: billing.Party{ID: buyer.ID, Name: buyer.Username, Type: "purchase", Link: beat},
		To:   billing.Party{ID: p.OwnerID, Name: sale.Seller, Type: "sale", Link: beat},
	}
	extra := s.c.Posts.SellItems(p, buyer.ID, pur.ID, sale.Price)
	mine, err := s.items(pur)
	if err != nil {
		return Purchase{}, err
	}
	sold, err := notify.Put(s.c.Users, notify.Notification{
		Recipient: p.OwnerID, Kind: notify.BeatSold, ActorID: buyer.ID, ActorName: buyer.Username,
		ActorImage: buyer.Image, PostID: p.ID, PostType: "beat", CreatedAt: pur.PurchasedAt,
		Message: notify.BeatSoldMessage(buyer.Username, p.Caption, payment.Amount-payment.Commission),
	})
	if err != nil {
		return Purchase{}, err
	}
	mine = append(mine, sold)
	mine = append(mine, s.c.Licences.PutItem(licence.Licence{
		Number: pur.LicenceNumber, PurchaseID: pur.ID, BeatID: p.ID, BeatTitle: p.Caption,
		BuyerID: buyer.ID, BuyerUsername: buyer.Username, ProducerID: p.OwnerID, ProducerUsername: sale.Seller,
		Price: sale.Price, PurchasedAt: pur.PurchasedAt,
	}))
	_, err = billing.New(s.c.Ledger).Pay(ctx, payment, append(extra, mine...)...)
	var failed *ledger.ExtraFailed
	var short *ledger.Insufficient
	switch {
	case err == nil:
		return pur, nil
	case errors.As(err, &failed) && failed.Index == post.SellGuard:
		return Purchase{}, ErrOwned
	case errors.As(err, &failed) && failed.Index == post.SellCounter:
		// Sold out or withdrawn meanwhile, or (were prices ever to change) repriced.
		if now, rerr := s.c.Posts.ForSale(ctx, postID); rerr == nil && now.Sale.Price != sale.Price {
			return Purchase{}, PriceChanged(now.Sale.Price)
		}
		return Purchase{}, post.ErrNotForSale
	case errors.As(err, &failed) && failed.Index == post.SellSeller:
		return Purchase{}, post.ErrNotForSale
	case errors.As(err, &short):
		return Purchase{}, ErrInsufficient
	case errors.Is(err, ledger.ErrReplayed), dynamo.Conflicted(err):
		return Purchase{}, err
	}
	return Purchase{}, failure.Wrap(err, "purchase")
}

// item is a purchase as stored.
type item struct {
	PK       string `dynamodbav:"pk"`
	SK       string `dynamodbav:"sk"`
	ID       string `dynamodbav:"id"`
	PostID   string `dynamodbav:"post_id"`
	BuyerID  string `dynamodbav:"buyer_id"`
	SellerID string `dynamodbav:"seller_id"`
	Seller   string `dynamodbav:"seller"`
	Caption  string `dynamodbav:"caption"`
	Cover    string `dynamodbav:"cover,omitempty"`
	// The cover's Art, as on the beat's post item; absent as there.
	CoverWidth         int    `dynamodbav:"cover_width,omitempty"`
	CoverHeight        int    `dynamodbav:"cover_height,omitempty"`
	CoverRenditions    []int  `dynamodbav:"cover_renditions,omitempty"`
	CoverPlaceholder   string `dynamodbav:"cover_placeholder,omitempty"`
	Media              string `dynamodbav:"media"`
	Preview            string `dynamodbav:"preview"`
	Price              int64  `dynamodbav:"price"` // kobo
	LicenceNumber      string `dynamodbav:"licence_number,omitempty"`
	DownloadsRemaining int64  `dynamodbav:"downloads_remaining"`
	PurchasedAt        string `dynamodbav:"purchased_at"`
}

const (
	buyerPrefix    = "BUYER#"
	purchasePrefix = "PURCHASE#"
	skCount        = "COUNT"
)

func key(buyer, id string) map[string]types.AttributeValue {
	return map[string]types.AttributeValue{
		"pk": &types.AttributeValueMemberS{Value: buyerPrefix + buyer},
		"sk": &types.AttributeValueMemberS{Value: purchasePrefix + id},
	}
}

func countKey(buyer string) map[string]types.AttributeValue {
	return map[string]types.AttributeValue{
		"pk": &types.AttributeValueMemberS{Value: buyerPrefix + buyer},
		"sk": &types.AttributeValueMemberS{Value: skCount},
	}
}

// items are the purchase's own writes: the purchase (new) and the buyer's count.
func (s *Store) items(p Purchase) ([]types.TransactWriteItem, error) {
	av, err := attributevalue.MarshalMap(item{
		PK: buyerPrefix + p.BuyerID, SK: purchasePrefix + p.ID, ID: p.ID, PostID: p.PostID, BuyerID: p.BuyerID,
		SellerID: p.SellerID, Seller: p.Seller, Caption: p.Caption, Cover: p.Cover, Media: p.Media, Preview: p.Preview,
		CoverWidth: p.Art.Width, CoverHeight: p.Art.Height, CoverRenditions: p.Art.Renditions, CoverPlaceholder: p.Art.Placeholder,
		Price: p.Price.Kobo(), LicenceNumber: p.LicenceNumber, DownloadsRemaining: p.DownloadsRemaining,
		PurchasedAt: p.PurchasedAt.Format(time.RFC3339Nano),
	})
	if err != nil {
		return nil, failure.Wrap(err, "encode purchase")
	}
	return []types.TransactWriteItem{
		{Put: &types.Put{TableName: &s.c.Table, Item: av, ConditionExpression: aws.String("attribute_not_exists(pk)")}},
		{Update: &types.Update{
			TableName: &s.c.Table, Key: countKey(p.BuyerID), UpdateExpression: aws.String("ADD n :one"),
			ExpressionAttributeValues: map[string]types.AttributeValue{":one": &types.AttributeValueMemberN{Value: "1"}},
		}},
	}, nil
}

func fromItem(av map[string]types.AttributeValue) (Purchase, error) {
	var it item
	if err := attributevalue.UnmarshalMap(av, &it); err != nil {
		return Purchase{}, failure.Wrap(err, "decode purchase")
	}
	at, _ := time.Parse(time.RFC3339Nano, it.PurchasedAt)
	return Purchase{
		ID: it.ID, PostID: it.PostID, BuyerID: it.BuyerID, SellerID: it.SellerID, Seller: it.Seller, Caption: it.Caption,
		Cover: it.Cover, Media: it.Media, Preview: it.Preview, Price: money.Money(it.Price), LicenceNumber: it.LicenceNumber,
		Art:                post.Art{Width: it.CoverWidth, Height: it.CoverHeight, Renditions: it.CoverRenditions, Placeholder: it.CoverPlaceholder},
		DownloadsRemaining: it.DownloadsRemaining, PurchasedAt: at,
	}, nil
}

// Get returns buyer's purchase id; another buyer's, or none, is ErrNotFound.
func (s *Store) Get(ctx context.Context, buyer, id string) (Purchase, error) {
	if uuid.Validate(id) != nil {
		return Purchase{}, ErrNotFound
	}
	out, err := s.c.DB.GetItem(ctx, &dynamodb.GetItemInput{TableName: &s.c.Table, Key: key(buyer, id), ConsistentRead: aws.Bool(true)})
	if err != nil {
		return Purchase{}, failure.Wrap(err, "get purchase")
	}
	if out.Item == nil {
		return Purchase{}, ErrNotFound
	}
	return fromItem(out.Item)
}

// Bought is buyer's purchase paid by the movement of idempotency key (its request's), as it was
// bought (all its downloads left): what its first answer showed. A key that paid for none of
// buyer's purchases is ErrNotFound.
func (s *Store) Bought(ctx context.Context, buyer, key string) (Purchase, error) {
	_, m, err := s.c.Ledger.Made(ctx, key)
	if err != nil {
		return Purchase{}, err
	}
	paid, ok := m.Leg(ledger.User(buyer), "purchase")
	if m.Kind != ledger.KindPurchase || !ok {
		return Purchase{}, ErrNotFound
	}
	p, err := s.Get(ctx, buyer, paid.Reference)
	p.DownloadsRemaining = Downloads
	return p, err
}

// OfBeat returns buyer's purchase of beat postID; ok is false when buyer has not bought it.
func (s *Store) OfBeat(ctx context.Context, buyer, postID string) (p Purchase, ok bool, err error) {
	id, err := s.c.Posts.PurchaseOf(ctx, postID, buyer)
	if err != nil || id == "" {
		return Purchase{}, false, err
	}
	p, err = s.Get(ctx, buyer, id)
	if err != nil {
		return Purchase{}, false, failure.Wrap(err, "read purchase "+id)
	}
	return p, true, nil
}

// Download spends one of buyer's downloads of purchase id, atomically (one conditional update),
// and returns the purchase as it left it. None left is ErrNoneLeft; another buyer's purchase, or
// none, is ErrNotFound.
func (s *Store) Download(ctx context.Context, buyer, id string) (Purchase, error) {
	if uuid.Validate(id) != nil {
		return Purchase{}, ErrNotFound
	}
	out, err := s.c.DB.UpdateItem(ctx, &dynamodb.UpdateItemInput{
		TableName: &s.c.Table, Key: key(buyer, id), UpdateExpression: aws.String("ADD downloads_remaining :less"),
		ConditionExpression: aws.String("attribute_exists(pk) AND downloads_remaining > :zero"),
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":less": &types.AttributeValueMemberN{Value: "-1"}, ":zero": &types.AttributeValueMemberN{Value: "0"},
		},
		ReturnValues: types.ReturnValueAllNew,
	})
	if dynamo.ConditionFailed(err) {
		if _, gerr := s.Get(ctx, buyer, id); gerr != nil {
			return Purchase{}, gerr
		}
		return Purchase{}, ErrNoneLeft
	}
	if err != nil {
		return Purchase{}, failure.Wrap(err, "spend a download")
	}
	return fromItem(out.Attributes)
}

// Page is one page of a buyer's purchases, newest first.
type Page struct {
	Purchases []Purchase
	Total     int64
	Next      string // the next page's cursor, "" on the last page
}

// maxSkip bounds how many purchases a page asked for by number may skip (the edge bounds pages
// by httpapi.MaxWalk first).
const maxSkip = 10_000

// List returns limit of buyer's purchases, newest first: after cursor (a Page's Next), or else
// after skipping skip of them.
func (s *Store) List(ctx context.Context, buyer string, limit, skip int, cursor string) (Page, error) {
	start, err := dynamo.DecodeKey(cursor)
	if err != nil {
		return Page{}, errBadCursor
	}
	if start != nil && (str(start["pk"]) != buyerPrefix+buyer || !strings.HasPrefix(str(start["sk"]), purchasePrefix) || len(start) != 2) {
		return Page{}, errBadCursor
	}
	limit, skip = max(limit, 1), min(max(skip, 0), maxSkip)
	in := &dynamodb.QueryInput{
		TableName: &s.c.Table, ScanIndexForward: aws.Bool(false), ExclusiveStartKey: start,
		KeyConditionExpression: aws.String("pk = :pk AND begins_with(sk, :p)"),
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":pk": &types.AttributeValueMemberS{Value: buyerPrefix + buyer}, ":p": &types.AttributeValueMemberS{Value: purchasePrefix},
		},
	}
	want := skip + limit + 1 // one more than the page tells whether a next page exists
	var got []map[string]types.AttributeValue
	for len(got) < want {
		in.Limit = aws.Int32(int32(want - len(got)))
		out, err := s.c.DB.Query(ctx, in)
		if err != nil {
			return Page{}, failure.Wrap(err, "list purchases")
		}
		got = append(got, out.Items...)
		if len(out.LastEvaluatedKey) == 0 {
			break
		}
		in.ExclusiveStartKey = out.LastEvaluatedKey
	}
	got = got[min(skip, len(got)):]
	var page Page
	if len(got) > limit {
		last := got[limit-1]
		page.Next = dynamo.EncodeKey(map[string]types.AttributeValue{"pk": last["pk"], "sk": last["sk"]})
		got = got[:limit]
	}
	for _, av := range got {
		p, err := fromItem(av)
		if err != nil {
			return Page{}, err
		}
		page.Purchases = append(page.Purchases, p)
	}
	page.Total, err = s.Count(ctx, buyer)
	return page, err
}

// Count is how many purchases buyer has made.
func (s *Store) Count(ctx context.Context, buyer string) (int64, error) {
	out, err := s.c.DB.GetItem(ctx, &dynamodb.GetItemInput{TableName: &s.c.Table, Key: countKey(buyer), ConsistentRead: aws.Bool(true)})
	if err != nil {
		return 0, failure.Wrap(err, "count purchases")
	}
	n, _ := out.Item["n"].(*types.AttributeValueMemberN)
	if n == nil {
		return 0, nil
	}
	v, _ := strconv.ParseInt(n.Value, 10, 64)
	return v, nil
}

func str(av types.AttributeValue) string {
	if s, ok := av.(*types.AttributeValueMemberS); ok {
		return s.Value
	}
	return ""
}

// RenameSeller writes name as the seller of buyer's purchase id (an erased account's, whose
// buyers keep the purchase) and returns the purchase's licence number; a purchase that is not
// there answers "".
func (s *Store) RenameSeller(ctx context.Context, buyer, id, name string) (string, error) {
	out, err := s.c.DB.UpdateItem(ctx, &dynamodb.UpdateItemInput{
		TableName: &s.c.Table, Key: key(buyer, id), UpdateExpression: aws.String("SET seller = :n"),
		ConditionExpression:       aws.String("attribute_exists(pk)"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":n": &types.AttributeValueMemberS{Value: name}},
		ReturnValues:              types.ReturnValueAllNew,
	})
	if dynamo.ConditionFailed(err) {
		return "", nil
	}
	if err != nil {
		return "", failure.Wrap(err, "rename seller")
	}
	return str(out.Attributes["licence_number"]), nil
}
