#pragma once

// The FlickDesk database's classes by name (core/store/store.h), for a header that only passes them
// on: the file that calls one includes its header.

namespace flickdesk::core {

class Store;
class StoreConnection;
class EventDayStore;
class PlayerStore;
class HistoryStore;
class RatingStore;
class RatingRunStore;
class PoolStore;
class StoreError;
struct StoreOptions;
struct PlayerMerge;

} // namespace flickdesk::core
