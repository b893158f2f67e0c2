// Package schema defines Zuum's DynamoDB tables, their indexes and the S3 buckets once, in Go.
// The CDK stack (infra/) and the local cloud (localstack/) both read these definitions, so no
// key or index is ever written twice.
package schema

// KeyType is the DynamoDB scalar type of a key attribute.
type KeyType string

// Key attribute types.
const (
	String KeyType = "S"
	Number KeyType = "N"
)

// Key names one key attribute and its type.
type Key struct {
	Name string
	Type KeyType
}

// Index is a global secondary index projecting all attributes.
type Index struct {
	Name         string
	PartitionKey Key
	SortKey      *Key
}

// Table is a DynamoDB table billed on demand.
type Table struct {
	// ID is the logical name used for CDK construct ids and environment variables.
	ID string
	// Name is the physical table name used by the local cloud; in AWS, CloudFormation names it.
	Name string
	// EnvVar is the environment variable through which functions receive the table name.
	EnvVar       string
	PartitionKey Key
	SortKey      *Key
	Indexes      []Index
	// TTLAttribute holds an epoch-seconds expiry. AWS removes expired items eventually; code
	// never relies on it and always checks expiry itself (the local cloud has no TTL).
	TTLAttribute string
}

// Bucket is an S3 bucket.
type Bucket struct {
	ID     string
	Name   string
	EnvVar string
}

// Generic key attribute names: every table uses overloaded pk/sk and gsi1pk/gsi1sk.
const (
	PK     = "pk"
	SK     = "sk"
	GSI1PK = "gsi1pk"
	GSI1SK = "gsi1sk"
	GSI1   = "gsi1"
	TTL    = "expires_at"
)

// overloaded is a table in the one-table style every Zuum table uses: generic string keys pk and
// sk that each store fills with its own item layout, TTL on expires_at, and the given indexes.
func overloaded(id, name, envVar string, indexes ...Index) Table {
	return Table{
		ID: id, Name: name, EnvVar: envVar,
		PartitionKey: Key{PK, String}, SortKey: &Key{SK, String},
		Indexes: indexes, TTLAttribute: TTL,
	}
}

// Users holds profiles, credentials, uniqueness guards (email, username), sessions, one-time
// codes, reset tokens, rate-limit windows, the follow graph and notifications. Item layout is
// documented in shared/profile, shared/account and shared/notify, the packages that use it.
var Users = overloaded("Users", "zuum-users", "USERS_TABLE", Index{
	Name:         GSI1,
	PartitionKey: Key{GSI1PK, String},
	SortKey:      &Key{GSI1SK, String},
})

// Posts holds audio and video posts and beats for sale, their reactions, comments and shares,
// the time-bucketed timelines that list them newest first, uploaded media metadata, purchases of
// beats and their licences, and distribution releases. Item layout is documented in shared/post,
// shared/media, shared/purchase, shared/licence and shared/release, the packages that read and
// write it.
// Every access is by key, so it has no index to pay for.
var Posts = overloaded("Posts", "zuum-posts", "POSTS_TABLE")

// Ledger holds the money: account balances, their entries, the idempotency items of movements,
// and what the payment flows keep beside them (deposit accounts). Item layout is documented in
// shared/ledger. Its one index lists an account's entries of one type, newest first, by a
// numeric sequence (the entry's time in microseconds).
var Ledger = Table{
	ID: "Ledger", Name: "zuum-ledger", EnvVar: "LEDGER_TABLE",
	PartitionKey: Key{PK, String}, SortKey: &Key{SK, String}, TTLAttribute: TTL,
	Indexes: []Index{{Name: ByType, PartitionKey: Key{TypePK, String}, SortKey: &Key{Seq, Number}}},
}

// The Ledger table's index and its key attributes.
const (
	ByType = "bytype"
	TypePK = "type_pk"
	Seq    = "seq"
)

// Tables lists every table, in creation order.
var Tables = []Table{Users, Posts, Ledger, Chat, Connections}

// Media is the private bucket for uploads. Objects under PublicPrefix (profile pictures and
// covers) are served through the CDN; everything else is reached only by presigned URLs.
var Media = Bucket{ID: "Media", Name: "zuum-media", EnvVar: "MEDIA_BUCKET"}

// PublicPrefix is the key prefix of media the CDN serves to anyone, at the same path.
const PublicPrefix = "public/"

// UploadsPrefix is where browsers upload with presigned POSTs: uploads/<userId>/<kind>/<file>.
// Objects created under it invoke the media function, which checks their bytes.
const UploadsPrefix = "uploads/"

// FinalPrefix is where media that a post uses lives: media/<userId>/<kind>/<uuid><ext>. Creating
// a post copies its checked uploads here, so no upload form (they only name UploadsPrefix keys)
// can change a published file; the media function does not act on it.
const FinalPrefix = "media/"

// Buckets lists every bucket.
var Buckets = []Bucket{Media}
