package release

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
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
	"zuum/shared/notify"
)

// Errors of the store (failure codes map them to HTTP statuses at the edge).
var (
	ErrNotFound     = failure.New(failure.NotFound, "Release not found")
	ErrInsufficient = failure.New(failure.NotAcceptable, "Insufficient funds")
	errNotDraft     = failure.New(failure.Conflict, "Only a draft can be changed")
	errSubmitted    = failure.New(failure.Conflict, "This release has already been submitted")
	errChanged      = failure.New(failure.Conflict, "The release was changed meanwhile. Please try again.")
)

// ValidationMessage heads a refusal that lists failing fields.
const ValidationMessage = "Validation errors occurred"

// Owner is the user a release belongs to.
type Owner struct {
	ID       string
	Username string
}

// Store reads and writes releases.
type Store struct {
	db      *dynamodb.Client
	posts   string // the Posts table: releases and their lists
	users   string // the Users table: the owner's notifications
	ledger  *ledger.Store
	files   *media.Store
	catalog *media.Catalog
	now     func() time.Time
}

// NewStore returns the store over the Posts and Users tables, the ledger and the media bucket.
func NewStore(db *dynamodb.Client, postsTable, usersTable string, l *ledger.Store, files *media.Store) *Store {
	return &Store{db: db, posts: postsTable, users: usersTable, ledger: l, files: files,
		catalog: media.NewCatalog(db, postsTable), now: time.Now}
}

// SetClock replaces the store's clock (tests of dates in Lagos).
func (s *Store) SetClock(now func() time.Time) { s.now = now }

// Create stores a new release of owner's from f: a draft (draft true; only CheckDraft's rules)
// or submitted (every rule of Check, the package charged with once, the request's idempotency
// item, which stores the release's id (Once.Made) for a replay's answer). Its uploads become
// the release's files. The whole release is written or nothing: a refusal is a failure.Fields
// error listing every failing field, and leaves no copy behind.
func (s *Store) Create(ctx context.Context, owner Owner, f Form, draft bool, once *ledger.Once) (Release, error) {
	f = f.Normal()
	now := s.now().UTC()
	errs := f.CheckDraft()
	if !draft {
		errs = f.Check(now)
	}
	c, err := s.claimFiles(ctx, owner.ID, &f, nil)
	if err != nil {
		return Release{}, err
	}
	if errs = append(errs, c.errs...); len(errs) > 0 {
		s.files.Discard(ctx, "copies of a refused release", c.copies...)
		return Release{}, failure.Fields(ValidationMessage, errs...)
	}
	r := Release{
		ID: uuid.Must(uuid.NewV7()).String(), OwnerID: owner.ID, OwnerUsername: owner.Username,
		Status: Draft, Form: f, Package: "none", CreatedAt: now, UpdatedAt: now, Version: 1,
	}
	if !draft {
		r = r.submitted(now)
	}
	put, err := s.putItem(r, "attribute_not_exists(pk)", 0)
	if err != nil {
		s.files.Discard(ctx, "copies of a release that was not written", c.copies...)
		return Release{}, err
	}
	items := []types.TransactWriteItem{put, s.ownerIndex(r)}
	items = append(items, s.catalog.ForgetItems(c.uploads...)...)
	if draft {
		err = dynamo.Transact(ctx, s.db, items)
	} else {
		var more []types.TransactWriteItem
		if more, err = s.statusItems(r, ""); err == nil {
			err = s.charge(ctx, r, once, append(items, more...))
		}
	}
	if err != nil {
		s.files.Discard(ctx, "copies of a release that was not written", c.copies...)
		return Release{}, err
	}
	s.files.Discard(ctx, "uploads a release was made from", c.uploads...)
	return r, nil
}

// Update replaces the form of owner's draft id with f (CheckDraft's rules): new uploads become
// its files, files it held and no longer names are deleted. A release past draft is refused.
func (s *Store) Update(ctx context.Context, owner Owner, id string, f Form) (Release, error) {
	r, err := s.Own(ctx, owner.ID, id)
	if err != nil {
		return Release{}, err
	}
	if r.Status != Draft {
		return Release{}, errNotDraft
	}
	f = f.Normal()
	errs := f.CheckDraft()
	c, err := s.claimFiles(ctx, owner.ID, &f, held(r.Form))
	if err != nil {
		return Release{}, err
	}
	if errs = append(errs, c.errs...); len(errs) > 0 {
		s.files.Discard(ctx, "copies of a refused release", c.copies...)
		return Release{}, failure.Fields(ValidationMessage, errs...)
	}
	old := r.Form
	r.Form, r.UpdatedAt, r.Version = f, s.now().UTC(), r.Version+1
	put, err := s.putItem(r, "#v = :v AND #s = :draft", r.Version-1)
	if err == nil {
		err = s.transact(ctx, append([]types.TransactWriteItem{put}, s.catalog.ForgetItems(c.uploads...)...))
	}
	if err != nil {
		s.files.Discard(ctx, "copies of a release that was not written", c.copies...)
		return Release{}, err
	}
	var gone []string
	now := held(f)
	for k := range held(old) {
		if !now[k] {
			gone = append(gone, k)
		}
	}
	s.files.Discard(ctx, "files a draft no longer names", gone...)
	s.files.Discard(ctx, "uploads a release was made from", c.uploads...)
	return r, nil
}

// Submit checks every rule on owner's draft id and submits it, charging its package with
// once (as for Create) in the same transaction as the change of status: of two submits at once, one
// goes through and the other is refused, so the package is paid once.
func (s *Store) Submit(ctx context.Context, owner Owner, id string, once *ledger.Once) (Release, error) {
	r, err := s.Own(ctx, owner.ID, id)
	if err != nil {
		return Release{}, err
	}
	if err := r.Submit(s.now().UTC()); err != nil {
		return Release{}, err
	}
	put, err := s.putItem(r, "#v = :v AND #s = :draft", r.Version-1)
	if err != nil {
		return Release{}, err
	}
	more, err := s.statusItems(r, "")
	if err != nil {
		return Release{}, err
	}
	if err := s.charge(ctx, r, once, append([]types.TransactWriteItem{put}, more...)); err != nil {
		var extra *ledger.ExtraFailed
		if errors.As(err, &extra) { // someone else wrote it first: a submit, or a draft saved again
			if now, gerr := s.Get(ctx, id); gerr == nil && now.Status == Draft {
				return Release{}, errChanged
			}
			return Release{}, errSubmitted
		}
		return Release{}, err
	}
	return r, nil
}

// charge writes items with the payment of r's package (owner → ledger.Held) under the key of
// idem, or with only the key when the package is free; the key's item names r (Once.Made).
func (s *Store) charge(ctx context.Context, r Release, idem *ledger.Once, items []types.TransactWriteItem) error {
	if idem == nil {
		return errors.New("release: submitting needs an idempotency key")
	}
	once := *idem
	once.Made = r.ID
	var err error
	if r.Price == 0 {
		err = s.ledger.Record(ctx, once, items...)
	} else {
		p, _ := PackageOf(r.Package)
		_, err = billing.New(s.ledger).Hold(ctx, billing.Bill{
			Kind: ledger.KindReleasePackage, Once: once, Payer: r.OwnerID, PayerName: r.OwnerUsername, Amount: r.Price,
			Type: LegType, For: "Release promotion: " + p.Name, Reference: r.ID,
		}, items...)
	}
	var short *ledger.Insufficient
	var extra *ledger.ExtraFailed
	switch {
	case errors.As(err, &short):
		return ErrInsufficient
	case errors.As(err, &extra) && r.Version == 1:
		return failure.Wrap(err, "write release") // a fresh id cannot collide
	}
	return err
}

// LegType is the wallet entry type of a release's package payment and its refund: a fee for a
// service.
const LegType = "fee"

// transact runs items; a failed condition means the release changed since it was read.
func (s *Store) transact(ctx context.Context, items []types.TransactWriteItem) error {
	err := dynamo.Transact(ctx, s.db, items)
	if failed, ok := dynamo.CanceledBy(err); ok && len(failed) > 0 {
		return errChanged
	}
	if err != nil {
		return failure.Wrap(err, "write release")
	}
	return nil
}

// stored is the release item.
type stored struct {
	PK          string `dynamodbav:"pk"`
	SK          string `dynamodbav:"sk"`
	ID          string `dynamodbav:"id"`
	OwnerID     string `dynamodbav:"owner_id"`
	Username    string `dynamodbav:"username"`
	Status      string `dynamodbav:"status"`
	Reason      string `dynamodbav:"reason"`
	Package     string `dynamodbav:"package"`
	Price       int64  `dynamodbav:"price"`
	Form        string `dynamodbav:"form"`
	CreatedAt   string `dynamodbav:"created_at"`
	UpdatedAt   string `dynamodbav:"updated_at"`
	SubmittedAt string `dynamodbav:"submitted_at,omitempty"`
	Version     int64  `dynamodbav:"version"`
}

func releaseKey(id string) map[string]types.AttributeValue {
	return map[string]types.AttributeValue{"pk": str("RELEASE#" + id), "sk": str("RELEASE")}
}

func str(s string) types.AttributeValue { return &types.AttributeValueMemberS{Value: s} }

func stamp(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.UTC().Format(time.RFC3339Nano)
}

// putItem is the Put of r's item on condition cond, where :v is version and :draft the draft
// status.
func (s *Store) putItem(r Release, cond string, version int64) (types.TransactWriteItem, error) {
	form, err := json.Marshal(r.Form)
	if err != nil {
		return types.TransactWriteItem{}, failure.Wrap(err, "encode release")
	}
	av, err := attributevalue.MarshalMap(stored{
		PK: "RELEASE#" + r.ID, SK: "RELEASE", ID: r.ID, OwnerID: r.OwnerID, Username: r.OwnerUsername,
		Status: string(r.Status), Reason: r.Reason, Package: r.Package, Price: r.Price.Kobo(), Form: string(form),
		CreatedAt: stamp(r.CreatedAt), UpdatedAt: stamp(r.UpdatedAt), SubmittedAt: stamp(r.SubmittedAt), Version: r.Version,
	})
	if err != nil {
		return types.TransactWriteItem{}, failure.Wrap(err, "encode release")
	}
	put := &types.Put{TableName: &s.posts, Item: av, ConditionExpression: aws.String(cond)}
	if version > 0 {
		put.ExpressionAttributeNames = map[string]string{"#v": "version", "#s": "status"}
		put.ExpressionAttributeValues = map[string]types.AttributeValue{
			":v": &types.AttributeValueMemberN{Value: strconv.FormatInt(version, 10)}, ":draft": str(string(Draft)),
		}
	}
	return types.TransactWriteItem{Put: put}, nil
}

func fromStored(it stored) (Release, error) {
	r := Release{
		ID: it.ID, OwnerID: it.OwnerID, OwnerUsername: it.Username, Status: Status(it.Status), Reason: it.Reason,
		Package: it.Package, Price: money.Money(it.Price), Version: it.Version,
	}
	if err := json.Unmarshal([]byte(it.Form), &r.Form); err != nil {
		return Release{}, fmt.Errorf("decode release %s: %w", it.ID, err)
	}
	r.CreatedAt, _ = time.Parse(time.RFC3339Nano, it.CreatedAt)
	r.UpdatedAt, _ = time.Parse(time.RFC3339Nano, it.UpdatedAt)
	if it.SubmittedAt != "" {
		r.SubmittedAt, _ = time.Parse(time.RFC3339Nano, it.SubmittedAt)
	}
	return r, nil
}

// ownerIndex is the item that lists r among its owner's releases.
func (s *Store) ownerIndex(r Release) types.TransactWriteItem {
	return types.TransactWriteItem{Put: &types.Put{TableName: &s.posts, Item: map[string]types.AttributeValue{
		"pk": str("RELEASES#" + r.OwnerID), "sk": str(r.ID), "id": str(r.ID),
	}}}
}

// pending is the queue of releases awaiting an admin: submitted and in review together.
const pending = "pending"

// queueKey is the key of id's item in the queue named q (a status, or pending).
func queueKey(q, id string) map[string]types.AttributeValue {
	return map[string]types.AttributeValue{"pk": str("RELEASEQ#" + q), "sk": str(id)}
}

// queues are the queues a release of status st is in.
func queues(st Status) []string {
	switch st {
	case Draft:
		return nil
	case Submitted, InReview:
		return []string{string(st), pending}
	}
	return []string{string(st)}
}

// statusItems are the writes that go with r entering its status from the status from ("" for
// a new one): its queue items and the owner's RELEASE_STATUS notification.
func (s *Store) statusItems(r Release, from Status) ([]types.TransactWriteItem, error) {
	var items []types.TransactWriteItem
	now := queues(r.Status)
	for _, q := range queues(from) {
		if q != pending || !containsQ(now, pending) {
			items = append(items, types.TransactWriteItem{Delete: &types.Delete{TableName: &s.posts, Key: queueKey(q, r.ID)}})
		}
	}
	for _, q := range now {
		if q == pending && containsQ(queues(from), pending) {
			continue
		}
		it := queueKey(q, r.ID)
		it["id"] = str(r.ID)
		items = append(items, types.TransactWriteItem{Put: &types.Put{TableName: &s.posts, Item: it}})
	}
	note, err := notify.Put(s.users, notify.Notification{
		Recipient: r.OwnerID, Kind: notify.ReleaseStatus, ActorName: "Zuum", PostID: r.ID,
		Message: StatusMessage(r), CreatedAt: s.now().UTC(),
	})
	if err != nil {
		return nil, failure.Wrap(err, "encode notification")
	}
	return append(items, note), nil
}

func containsQ(qs []string, q string) bool {
	for _, x := range qs {
		if x == q {
			return true
		}
	}
	return false
}

// StatusMessage is what the owner is told when r enters its status.
func StatusMessage(r Release) string {
	t := fmt.Sprintf("%q", r.Title())
	switch r.Status {
	case Submitted:
		return "Your release " + t + " was submitted for review."
	case InReview:
		return "Your release " + t + " is being reviewed."
	case Approved:
		return "Your release " + t + " was approved."
	case Rejected:
		msg := "Your release " + t + " was rejected: " + r.Reason
		if r.Price > 0 {
			msg += " Your " + r.Price.String() + " was refunded."
		}
		return msg
	case Delivered:
		return "Your release " + t + " was delivered to the platforms."
	}
	return "Your release " + t + " is " + string(r.Status) + "."
}

// Get reads release id, whoever owns it (admins).
func (s *Store) Get(ctx context.Context, id string) (Release, error) {
	if uuid.Validate(id) != nil {
		return Release{}, ErrNotFound
	}
	var it stored
	found, err := dynamo.Get(ctx, s.db, s.posts, releaseKey(id), &it)
	if err != nil {
		return Release{}, failure.Wrap(err, "read release")
	}
	if !found {
		return Release{}, ErrNotFound
	}
	return fromStored(it)
}

// Own reads release id if ownerID owns it; anyone else's is not found.
func (s *Store) Own(ctx context.Context, ownerID, id string) (Release, error) {
	r, err := s.Get(ctx, id)
	if err == nil && r.OwnerID != ownerID {
		return Release{}, ErrNotFound
	}
	return r, err
}
