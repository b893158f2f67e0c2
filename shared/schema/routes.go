package schema

import (
	"slices"
	"strings"
)

// RouteGroup is one Lambda of the HTTP API: its name, the paths it owns and what it may touch.
// The CDK stack (infra/) turns each group into a function, its API Gateway routes and its grants;
// the local cloud (localstack/lambdas, localstack/gateway) builds the same group under the same
// name and routes the same paths to it, so the two cannot disagree.
type RouteGroup struct {
	// Name is the group's folder (functions/<Name>/, build/<Name>/bootstrap), its construct-id
	// stem and the key of its builder in the local cloud.
	Name string
	// Paths are the paths the group answers, each either a path itself ("/api/uploads") or
	// everything below a prefix ("/api/auth/*", API Gateway's /api/auth/{proxy+}, which needs at
	// least one segment after the slash). A group that also answers the prefix itself lists
	// both; a group may own several prefixes (/api/packages/* and /api/promotions/*).
	Paths []string
	// Mounts are the route sets the Lambda serves: the functions/ packages whose handlers it
	// mounts, its own (functions/<Name>) among them when that package has routes of its own. Audio
	// mounts posts; a domain's admin routes live in its package and the admin Lambda mounts them.
	// functions/wire's tests check that the Lambda's main links exactly these.
	Mounts []string
	Access
}

// Access is what a function may touch. Everything not listed is denied, so a function's access
// reads as its whole permission set.
type Access struct {
	// Tables are read and written (data only: no table management).
	Tables []Table
	// ReadTables are only read.
	ReadTables []Table
	// UpdateTables are read, and their items changed in place (UpdateItem only): no item is
	// written whole or deleted.
	UpdateTables []Table
	// Media lists what the function may do with media bucket objects, by key pattern.
	Media []MediaAccess
	// SendsMail allows sending mail from the configured SES identity.
	SendsMail bool
	// GoogleSignIn allows reading the Google OAuth client secret.
	GoogleSignIn bool
	// QueuesJobs passes JOBS_FUNCTION and allows invoking the jobs worker, and no other function.
	QueuesJobs bool
	// ViewerAddress is for a group that limits calls per address: it passes ORIGIN_SECRET_ID
	// and ORIGIN_REQUIRED and allows reading the origin secret, so the group believes the
	// viewer address CloudFront reports and refuses calls that did not come through CloudFront.
	ViewerAddress bool
	// AdminBootstrap passes ADMIN_BOOTSTRAP_EMAILS, the emails of admins approved without
	// another admin (the first admins of a fresh deployment).
	AdminBootstrap bool
	// RendersMedia is for a group whose answers carry URLs of posts' media/ files: it passes
	// MEDIA_SIGNING_SECRET_ID and MEDIA_SIGNING_KEY_ID and allows reading that secret (the
	// private key of CloudFront's media key group), so it signs CloudFront URLs on the site's
	// origin instead of presigning S3 GETs (see media.Signer).
	RendersMedia bool
	// PaymentProvider passes FLUTTERWAVE_BASE_URL and FLUTTERWAVE_SECRET_ID and allows reading
	// that secret (the provider's secret key and webhook hash).
	PaymentProvider bool
}

// MediaAccess is what a function may do with the media objects matching one key pattern.
type MediaAccess struct {
	// Pattern is an object key pattern such as "uploads/*".
	Pattern string
	// Read allows reading objects (range reads and the presigned GETs the function hands out)
	// and listing the bucket, without which S3 answers a missing key with 403 instead of 404.
	Read bool
	// Write allows writing objects, including the presigned POSTs the function signs.
	Write bool
	// Delete allows deleting objects.
	Delete bool
}

// Key patterns of the media bucket.
const (
	UploadObjects = UploadsPrefix + "*"
	PublicObjects = PublicPrefix + "*"
	FinalObjects  = FinalPrefix + "*"
)

// Table sets several groups use.
var (
	usersOnly     = []Table{Users}
	usersAndPosts = []Table{Users, Posts}
)

// RouteGroups is the API. A new group is its folder under functions/, one row here and one
// builder in localstack/lambdas.
var RouteGroups = []RouteGroup{
	// Logging in turns back on an account its holder deactivated, with the Posts table's
	// timeline sizes (rights.Switch).
	{Name: "auth", Paths: []string{"/api/auth/*"}, Mounts: []string{"auth"}, Access: Access{Tables: usersAndPosts, SendsMail: true, GoogleSignIn: true, ViewerAddress: true}},
	// Profiles, follows and chat rooms; profile pictures are written under public/ and served
	// by the CDN. The holder's rights over their data: the export reads every domain (posts,
	// purchases and licences in Posts, the wallet in Ledger) and signs its links to the posts'
	// files; deactivating moves the Posts table's timeline sizes; deleting checks the wallet,
	// mails the code of an account without a password and queues the erasure for the jobs worker.
	{Name: "user", Paths: []string{"/api/user/*"}, Mounts: []string{"user"}, Access: Access{
		Tables: []Table{Users, Chat, Posts}, ReadTables: []Table{Ledger},
		Media: []MediaAccess{
			{Pattern: PublicObjects, Read: true, Write: true, Delete: true}, {Pattern: FinalObjects, Read: true},
		},
		SendsMail: true, QueuesJobs: true, RendersMedia: true,
	}},
	// Presigned POSTs are signed with the function's role, so it needs to write what it lets
	// browsers write; it only reads the Users table, for sessions.
	{Name: "uploads", Paths: []string{"/api/uploads"}, Mounts: []string{"uploads"}, Access: Access{
		ReadTables: usersOnly,
		Media:      []MediaAccess{{Pattern: UploadObjects, Write: true}},
	}},
	// Creating a post copies its uploads to media/ (read the upload, write and check the copy),
	// then deletes the uploads; posts sign GETs for their media/ files (and uploads/ ones of
	// posts made before). Deleting a post's media is the jobs worker's, except when that job
	// cannot be queued: then the post's own group cleans up at once. Deleting a post refunds its
	// pending promotions first (Ledger: the promotion and its movement).
	{Name: "audio", Paths: []string{"/api/audio", "/api/audio/*"}, Mounts: []string{"posts"}, Access: Access{
		Tables: []Table{Users, Posts, Ledger},
		Media: []MediaAccess{{Pattern: UploadObjects, Read: true, Delete: true},
			{Pattern: FinalObjects, Read: true, Write: true, Delete: true}, {Pattern: PublicObjects, Read: true}},
		QueuesJobs: true, RendersMedia: true,
	}},
	{Name: "video", Paths: []string{"/api/video", "/api/video/*"}, Mounts: []string{"posts"}, Access: Access{
		Tables: []Table{Users, Posts, Ledger},
		Media: []MediaAccess{{Pattern: UploadObjects, Read: true, Delete: true},
			{Pattern: FinalObjects, Read: true, Write: true, Delete: true}, {Pattern: PublicObjects, Read: true}},
		QueuesJobs: true, RendersMedia: true,
	}},
	// Beats for sale: posts of their own kind, whose create also cuts the preview into media/,
	// and their purchase, a ledger movement (it signs buyers' downloads of media/ files).
	{Name: "beat", Paths: []string{"/api/beat", "/api/beat/*"}, Mounts: []string{"beat", "posts"}, Access: Access{
		Tables: []Table{Users, Posts, Ledger},
		Media: []MediaAccess{{Pattern: UploadObjects, Read: true, Delete: true},
			{Pattern: FinalObjects, Read: true, Write: true, Delete: true}, {Pattern: PublicObjects, Read: true}},
		QueuesJobs: true, RendersMedia: true,
	}},
	// The feed lists: it reads both tables and signs GETs for posts' files; it writes Posts only
	// to count the impressions of the promoted posts it serves.
	{Name: "feed", Paths: []string{"/api/feed"}, Mounts: []string{"feed"}, Access: Access{
		Tables: []Table{Posts}, ReadTables: usersOnly,
		Media:        []MediaAccess{{Pattern: UploadObjects, Read: true}, {Pattern: FinalObjects, Read: true}},
		RendersMedia: true,
	}},
	// Search reads the token index beside profiles (Users) and posts (Posts), then the items it
	// names, and signs GETs for the posts' files, as the feed does.
	{Name: "search", Paths: []string{"/api/search"}, Mounts: []string{"search"}, Access: Access{
		ReadTables:   usersAndPosts,
		Media:        []MediaAccess{{Pattern: UploadObjects, Read: true}, {Pattern: FinalObjects, Read: true}},
		RendersMedia: true,
	}},
	// Notifications live in the Users table beside their recipient.
	{Name: "notifications", Paths: []string{"/api/notifications", "/api/notifications/*"}, Mounts: []string{"notifications"}, Access: Access{
		Tables: usersOnly,
	}},
	// Deposit accounts from the provider and its webhook, subscriptions, withdrawals: the ledger is
	// written (deposits, withdrawals and what they are matched on); the Users table too, for
	// sessions, a profile's subscription and the withdrawal step-up codes it writes and mails.
	// In-app promotion reads the post it promotes and keeps the promotion in the ledger.
	{Name: "payment", Paths: []string{"/api/payment/*"}, Mounts: []string{"payment", "promotion"}, Access: Access{
		Tables: []Table{Ledger, Users}, ReadTables: []Table{Posts}, SendsMail: true, PaymentProvider: true,
	}},
	// The wallet reads the ledger and moves money between users (transfers), writing the
	// recipient's notification beside the profiles in the same transaction. It also serves every
	// price, fee and minimum (/api/terms), public and read from shared/terms.
	{Name: "wallet", Paths: []string{"/api/wallet", "/api/wallet/*", "/api/terms"}, Mounts: []string{"wallet"}, Access: Access{Tables: []Table{Users, Ledger}}},
	// Distribution: releases live in the Posts table beside the media catalog; submitting one
	// pays its package from the wallet (Ledger) and notifies its owner (Users). Its files are
	// claimed as posts' are: the uploads read, copied under media/, checked, then deleted.
	{Name: "distribution", Paths: []string{"/api/distribution/*"}, Mounts: []string{"distribution"}, Access: Access{
		Tables: []Table{Users, Posts, Ledger},
		Media: []MediaAccess{{Pattern: UploadObjects, Read: true, Delete: true},
			{Pattern: FinalObjects, Read: true, Write: true, Delete: true}},
		RendersMedia: true,
	}},
	// The admin area: admins, their sessions and codes, the audit log (all in the Users table;
	// it also reads user sessions, to refuse them with 403), verification codes by mail. Admin
	// routes that act on other data add their tables here. Deactivating an account moves the Posts
	// table's timeline sizes; the ledger's health reads the Ledger. The releases queue reads and
	// writes releases (Posts), settles their packages (Ledger) and signs GETs of their files (media/).
	// The withdrawals review queue asks the payment provider about transfers (PaymentProvider).
	// The ledger's health reads the payment provider's balance beside it.
	{Name: "admin", Paths: []string{"/api/admin/*"}, Mounts: []string{"admin", "distribution", "payment", "promotion", "wallet"}, Access: Access{
		Tables: []Table{Users, Posts, Ledger}, SendsMail: true, AdminBootstrap: true, ViewerAddress: true, PaymentProvider: true,
		Media:        []MediaAccess{{Pattern: FinalObjects, Read: true}},
		RendersMedia: true,
	}},
	// Mass promotion packages, the caller's promotions (in-app and mass) and paying for a mass one
	// (the ledger holds promotions); it reads the Posts table for checked uploads and the
	// impressions and plays of in-app promotions.
	{Name: "promotion", Paths: []string{"/api/packages", "/api/packages/*", "/api/promotions/*"}, Mounts: []string{"promotion"}, Access: Access{
		Tables: []Table{Users, Ledger}, ReadTables: []Table{Posts},
	}},
	// Licence verification is public and only reads licences (kept in the Posts table).
	{Name: "licences", Paths: []string{"/api/licences/*"}, Mounts: []string{"licences"}, Access: Access{ReadTables: []Table{Posts}}},
}

// Prefixes returns the path prefixes the group owns: each of its paths without the "/*".
func (g RouteGroup) Prefixes() []string {
	var out []string
	for _, p := range g.Paths {
		if p = strings.TrimSuffix(p, "/*"); !slices.Contains(out, p) {
			out = append(out, p)
		}
	}
	return out
}
